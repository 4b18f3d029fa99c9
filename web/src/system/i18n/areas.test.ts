/** The operator and referral partner areas' texts load with their routes (issue 13 "Fast first load"). */
import { describe, expect, it } from 'vitest';
import i18n from './index';
import { areaTextsLoader, loadAreaTexts } from './areas';
import { ru } from './ru';
import { ruAreas } from './ruAreas';

describe('area texts', () => {
  it('the core bundle has no operator or referral partner texts; the areas bundle has them', () => {
    const core = Object.keys(ru);
    for (const key of Object.keys(ruAreas)) expect(core).not.toContain(key);
    expect(Object.keys(ruAreas)).toEqual(expect.arrayContaining(['adminClients', 'inbox', 'agentClients']));
    expect(core).toEqual(expect.arrayContaining(['common', 'nav', 'orders', 'relogin', 'recommend', 'errors']));
  });

  it('loading adds them to i18next once; the route loader answers nothing', async () => {
    const first = loadAreaTexts();
    expect(loadAreaTexts()).toBe(first);
    await first;
    expect(i18n.getResource('ru', 'translation', 'adminAudit.title')).toBe(ruAreas.adminAudit.title);
    expect(await areaTextsLoader()).toBeNull();
  });
});
