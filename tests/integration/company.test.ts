/**
 * The client's company page through the gateway over a real backend (issue 8; spec core §2 Client "my company", §3
 * "Company", "Client info / contact", "Bank requisite", §5, §7 Client requisites and "Registration-data update"):
 * the §3 Company fields, updateRegistrationData with field errors, bank requisites (connection, Node, create / update /
 * delete with UserError results and renumbering), and another company or role seeing nothing.
 *
 * BIKs are real entries of the test template's Bank of Russia directory (../shared/data/cbr-bik-ed807).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/deal.js';
import { GqlClient, startStack, type Stack } from '../support/stack.js';

const COMPANY = `query Company { viewer { company { id companyId shortName fullName inn kpp ogrn ogrnKind legalAddress actualAddress
  registrationAuthority registrationAuthorityAddress registrationDate okved ceo { firstName middleName lastName } liquidated
  signatureConfirmed verified verifiedAt status }
  clientInfo { contact { name surname patronymic phone additionalPhone companyWebsite email } } } }`;

const REQUISITES = `query Requisites { viewer { bankRequisites(first: 20) { totalCount edges { cursor node { id requisiteId bankBik bankName checkAccount corrAccount index } } pageInfo { hasNextPage } } } }`;

const REGDATA = `mutation Reg($input: UpdateRegistrationDataInput!) { updateRegistrationData(input: $input) {
  __typename
  ... on UpdateRegistrationDataSuccess { viewer { name phone clientInfo { contact { name surname patronymic phone additionalPhone companyWebsite } } } }
  ... on UserError { code message fieldErrors { field code message } } } }`;

const CREATE = `mutation Create($input: BankRequisiteInput!) { createBankRequisite(input: $input) {
  __typename
  ... on CreateBankRequisiteSuccess { bankRequisiteEdge { cursor node { id bankBik bankName corrAccount checkAccount index } } viewer { bankRequisites { totalCount } } }
  ... on UserError { code message field fieldErrors { field code message } } } }`;

const UPDATE = `mutation Update($input: UpdateBankRequisiteInput!) { updateBankRequisite(input: $input) {
  __typename
  ... on UpdateBankRequisiteSuccess { bankRequisite { id bankBik bankName checkAccount index } }
  ... on UserError { code message fieldErrors { field code message } } } }`;

const DELETE = `mutation Delete($input: DeleteBankRequisiteInput!) { deleteBankRequisite(input: $input) {
  __typename
  ... on DeleteBankRequisiteSuccess { deletedBankRequisiteId viewer { bankRequisites { edges { node { id index } } } } }
  ... on UserError { code message } } }`;

const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on BankRequisite { bankBik index } } }`;

/** Control keys computed for Сбербанк 044525225 and ТБанк 044525974. */
const SBER_ACC = '40702810938000000001';
const SBER_ACC2 = '40702810238000000002';
const TBANK_ACC = '40702810610000000001';

describe('company page through the gateway', () => {
  let stack: Stack;
  let c: GqlClient;
  beforeAll(async () => {
    stack = await startStack();
    ({ c } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows every §3 Company field of the verified demo client', async () => {
    const r = await c.gql(COMPANY);
    expect(r.errors).toBeUndefined();
    const company = r.data.viewer.company;
    expect(company).toMatchObject({
      ogrn: '1177746126040',
      ogrnKind: 'OGRN',
      verified: true,
      status: 'VERIFIED',
      signatureConfirmed: true,
      liquidated: false,
    });
    for (const key of [
      'registrationAuthority',
      'registrationAuthorityAddress',
      'registrationDate',
      'okved',
      'actualAddress',
      'ceo',
      'verifiedAt',
    ])
      expect(company).toHaveProperty(key);
    expect(r.data.viewer.clientInfo.contact.email).toBe('client@example.com');
  });

  it('saves the registration data and answers field errors as UserError', async () => {
    const bad = await c.gql(REGDATA, {
      input: { name: 'Ivan', surname: 'Иванов', phone: '12345', companyWebsite: 'not a site' },
    });
    expect(bad.data.updateRegistrationData).toMatchObject({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      message: 'Ошибка валидации',
      fieldErrors: [
        { field: 'name', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
        { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
        { field: 'companyWebsite', code: 'SITE_INVALID', message: 'Некорректный адрес сайта' },
      ],
    });
    const ok = await c.gql(REGDATA, {
      input: {
        name: 'Иван',
        surname: 'Иванов',
        patronymic: '',
        phone: '9161234567',
        additionalPhone: '4957654321',
        companyWebsite: 'romashka.ru',
      },
    });
    expect(ok.data.updateRegistrationData).toEqual({
      __typename: 'UpdateRegistrationDataSuccess',
      viewer: {
        name: 'Иван',
        phone: '9161234567',
        clientInfo: {
          contact: {
            name: 'Иван',
            surname: 'Иванов',
            patronymic: null,
            phone: '9161234567',
            additionalPhone: '4957654321',
            companyWebsite: 'romashka.ru',
          },
        },
      },
    });
  });

  it('adds, edits and deletes bank requisites; the bank comes from the directory', async () => {
    expect((await c.gql(REQUISITES)).data.viewer.bankRequisites.totalCount).toBe(0);
    const first = await c.gql(CREATE, { input: { bankBik: '044525225', checkAccount: SBER_ACC } });
    expect(first.data.createBankRequisite).toMatchObject({
      __typename: 'CreateBankRequisiteSuccess',
      bankRequisiteEdge: {
        node: {
          bankBik: '044525225',
          bankName: 'ПАО Сбербанк',
          corrAccount: '30101810400000000225',
          checkAccount: SBER_ACC,
          index: 1,
        },
      },
      viewer: { bankRequisites: { totalCount: 1 } },
    });
    const second = await c.gql(CREATE, { input: { bankBik: '044525974', checkAccount: TBANK_ACC } });
    expect(second.data.createBankRequisite.bankRequisiteEdge.node).toMatchObject({ bankName: 'АО "ТБанк"', index: 2 });

    const wrongKey = await c.gql(CREATE, { input: { bankBik: '044525974', checkAccount: SBER_ACC2 } });
    expect(wrongKey.data.createBankRequisite).toMatchObject({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      field: 'checkAccount',
      fieldErrors: [
        { field: 'checkAccount', code: 'ACCOUNT_CONTROL_KEY', message: 'Номер счёта не соответствует БИК банка' },
      ],
    });
    const unknown = await c.gql(CREATE, { input: { bankBik: '044525999', checkAccount: SBER_ACC2 } });
    expect(unknown.data.createBankRequisite.fieldErrors).toEqual([
      { field: 'bankBik', code: 'BIK_NOT_FOUND', message: 'Банк с таким БИК не найден' },
    ]);
    const dup = await c.gql(CREATE, { input: { bankBik: '044525225', checkAccount: SBER_ACC } });
    expect(dup.data.createBankRequisite).toMatchObject({
      __typename: 'UserError',
      code: 'REQUISITE_DUPLICATE',
      message: 'Такие реквизиты уже добавлены',
    });

    const firstId = first.data.createBankRequisite.bankRequisiteEdge.node.id;
    const secondId = second.data.createBankRequisite.bankRequisiteEdge.node.id;
    expect((await c.gql(NODE, { id: secondId })).data.node).toEqual({
      __typename: 'BankRequisite',
      bankBik: '044525974',
      index: 2,
    });

    const edited = await c.gql(UPDATE, {
      input: { bankRequisiteId: secondId, bankBik: '044525225', checkAccount: SBER_ACC2 },
    });
    expect(edited.data.updateBankRequisite).toEqual({
      __typename: 'UpdateBankRequisiteSuccess',
      bankRequisite: {
        id: secondId,
        bankBik: '044525225',
        bankName: 'ПАО Сбербанк',
        checkAccount: SBER_ACC2,
        index: 2,
      },
    });

    const deleted = await c.gql(DELETE, { input: { bankRequisiteId: firstId } });
    expect(deleted.data.deleteBankRequisite).toEqual({
      __typename: 'DeleteBankRequisiteSuccess',
      deletedBankRequisiteId: firstId,
      viewer: { bankRequisites: { edges: [{ node: { id: secondId, index: 1 } }] } },
    });
    expect((await c.gql(DELETE, { input: { bankRequisiteId: firstId } })).data.deleteBankRequisite).toMatchObject({
      __typename: 'UserError',
      code: 'REQUISITE_NOT_FOUND',
    });
    expect((await c.gql(DELETE, { input: { bankRequisiteId: 'garbage' } })).data.deleteBankRequisite).toMatchObject({
      __typename: 'UserError',
      code: 'REQUISITE_NOT_FOUND',
    });
  });

  it('another company or role neither sees nor changes the requisites', async () => {
    const [{ node: mine }] = (await c.gql(REQUISITES)).data.viewer.bankRequisites.edges;
    const { c: other } = await signIn(stack.url, 'newclient@example.com', 'CLIENT');
    expect((await other.gql(REQUISITES)).data.viewer.bankRequisites.totalCount).toBe(0);
    expect((await other.gql(NODE, { id: mine.id })).data.node).toBeNull();
    expect(
      (await other.gql(UPDATE, { input: { bankRequisiteId: mine.id, bankBik: '044525225', checkAccount: SBER_ACC } }))
        .data.updateBankRequisite,
    ).toMatchObject({ __typename: 'UserError', code: 'REQUISITE_NOT_FOUND' });
    expect((await other.gql(DELETE, { input: { bankRequisiteId: mine.id } })).data.deleteBankRequisite).toMatchObject({
      __typename: 'UserError',
      code: 'REQUISITE_NOT_FOUND',
    });

    const { c: partner } = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    expect((await partner.gql(REQUISITES)).data.viewer.bankRequisites).toBeNull();
    expect((await partner.gql(NODE, { id: mine.id })).data.node).toBeNull();
    const refused = await partner.gql(CREATE, { input: { bankBik: '044525225', checkAccount: SBER_ACC } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // Still there, unchanged.
    expect((await c.gql(REQUISITES)).data.viewer.bankRequisites.edges).toEqual([
      expect.objectContaining({ node: mine }),
    ]);
  });
});
