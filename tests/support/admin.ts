/**
 * Steps shared by the operator administration suites (issue 10), integration and end to end: an extra operator of a
 * role inserted straight into the database, the invitation / password link read from the recorded mail (the dev
 * outbox, `stack.mailer`), the password set by that link (GraphQL `resetPassword` or the web page), and the browser
 * with a signed-in operator page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { hashPassword } from '../../backend/src/accounts/passwords.js';
import { users } from '../../backend/src/db/schema/core.js';
import { launchBrowser, RolePages } from './browser.js';
import { GqlClient, ok, startStack, type Stack } from './stack.js';
import { DEMO_PASSWORD, signInOperatorUi } from './ui.js';

/**
 * Inserts an active operator `email` (Заявкин Пётр) with password DEMO_PASSWORD and operator `roles` (spec core §6;
 * default OPERATOR: orders and support, none of the administration rights). Resolves once the row is written.
 */
export async function insertOperator(stack: Stack, email: string, roles: string[] = ['OPERATOR']): Promise<void> {
  await stack.backend.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    accountType: 'OPER',
    name: 'Пётр',
    surname: 'Заявкин',
    operatorRoles: roles,
  });
}

/**
 * The path and query (`/partner/auth/forgot/pass?token=…`) of the link to `path` in the last mail sent to `email`;
 * throws when there is no such mail or link. `path` is the web route without origin, e.g. `/operator/auth/invitation`.
 */
export function mailedLink(stack: Stack, email: string, path: string): string {
  const text = stack.mailer.last(email)?.text ?? '';
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`https?://\\S+${escaped}\\?\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in the last mail to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename
  ... on UserError { code message field fieldErrors { field code message } } } }`;

/**
 * Sets `password` through GraphQL `resetPassword` with the invitation `token` (anonymous client, spec core §2
 * "Password recovery"). Answers the result's `__typename` (`ResetPasswordSuccess` or `UserError`).
 */
export async function setPasswordByToken(url: string, token: string, password: string): Promise<string> {
  const res = await ok(new GqlClient(url), RESET, {
    input: { token, password, passwordSecondTime: password },
  });
  return res.resetPassword.__typename as string;
}

/**
 * Opens the password link `path` (from mailedLink) of a payment agent or referral partner on `page`, sets `password`
 * ('Новый пароль', 'Повторите пароль', 'Сохранить пароль') and waits for the 'Войти' link of the done screen.
 */
export async function setPasswordByLinkUi(page: Page, path: string, password: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Новый пароль').fill(password);
  await page.getByLabel('Повторите пароль').fill(password);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.getByRole('link', { name: 'Войти' }).waitFor();
}

/** A browser over the stack with one operator page signed in. */
export interface OperatorUi {
  browser: Browser;
  roles: RolePages;
  /** The signed-in operator's page. */
  page: Page;
  /** Closes the pages and the browser (not the stack). */
  close(): Promise<void>;
}

/**
 * Launches Chromium, opens the page `role` (a label for logs and screenshots) and signs it in with `signIn` (default:
 * `email` as an operator, signInOperatorUi). Close it in afterAll before the stack.
 */
export async function openOperatorUi(
  stack: Stack,
  role: string,
  email?: string,
  signIn: (page: Page) => Promise<void> = (page) => signInOperatorUi(page, email),
): Promise<OperatorUi> {
  const browser = await launchBrowser();
  const roles = new RolePages(browser, stack.url);
  const page = await roles.open(role);
  await signIn(page);
  return {
    browser,
    roles,
    page,
    close: async () => {
      await roles.close();
      await browser.close();
    },
  };
}

/** What an end-to-end admin suite works with, filled in by the hooks of useOperatorUi before its tests run. */
export interface OperatorUiSuite {
  stack: Stack;
  roles: RolePages;
  /** The signed-in operator's page. */
  page: Page;
}

/**
 * Registers the vitest hooks of an end-to-end admin suite (call it at the top of `describe`): beforeAll starts the
 * stack (the web build of `WEB_DIST`, default web/dist), runs `prepare` (test data), opens the page `role` signed in as
 * operator@example.com; afterEach saves `prefix`-named screenshots and logs of a failed test; afterAll closes the
 * browser and the stack. Answers the suite object whose fields are set once beforeAll has run.
 */
export function useOperatorUi(
  role: string,
  prefix: string,
  prepare?: (stack: Stack) => Promise<void>,
): OperatorUiSuite {
  return useSignedInUi(role, prefix, signInOperatorUi, prepare);
}

/**
 * The hooks of useOperatorUi for a page signed in by `signIn` (e.g. the referral partner's, tests/support/agent.ts
 * useAgentUi); `page` is that signed-in page.
 */
export function useSignedInUi(
  role: string,
  prefix: string,
  signIn: (page: Page) => Promise<void>,
  prepare?: (stack: Stack) => Promise<void>,
): OperatorUiSuite {
  const suite = {} as OperatorUiSuite;
  let ui: OperatorUi | undefined;
  beforeAll(async () => {
    suite.stack = await startStack(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {});
    await prepare?.(suite.stack);
    ui = await openOperatorUi(suite.stack, role, undefined, (page) => signIn(page));
    suite.roles = ui.roles;
    suite.page = ui.page;
  });
  afterAll(async () => {
    await ui?.close();
    await suite.stack?.close();
  });
  afterEach((ctx) => suite.roles?.afterFailure(prefix, ctx));
  return suite;
}
