import type { SignUpParent } from '@backline/contract/calls/sign-up';
import { describe, expect, it } from 'vitest';
import { defaultRights, rightsUnder, treeOrder } from './agent-terms';

const parent = (over: Partial<SignUpParent> & Pick<SignUpParent, 'IdAgent' | 'Login'>) => ({
  IdParent: null,
  Name: over.Login,
  Depth: 0,
  Currency: 'USD',
  Grantable: ['viewReports', 'managePlayers', 'viewOnly'] as SignUpParent['Grantable'],
  ViewOnlyRequired: false,
  CreditLimitCap: null,
  MaxWagerCap: null,
  ...over,
});

describe('treeOrder', () => {
  it('lists each agent before those below it, siblings by login', () => {
    const parents = [
      parent({ IdAgent: 1, Login: 'ME' }),
      parent({ IdAgent: 3, Login: 'ZED', IdParent: 1 }),
      parent({ IdAgent: 2, Login: 'ADA', IdParent: 1 }),
      parent({ IdAgent: 4, Login: 'ADA2', IdParent: 2 }),
    ];
    expect(treeOrder(parents).map(({ parent: p, level }) => `${level}:${p.Login}`)).toEqual([
      '0:ME',
      '1:ADA',
      '2:ADA2',
      '1:ZED',
    ]);
  });
});

describe('rights under another parent', () => {
  it('starts on viewing reports, and view-only where the parent forces it', () => {
    expect(defaultRights(parent({ IdAgent: 1, Login: 'A' }))).toEqual(['viewReports']);
    expect(defaultRights(parent({ IdAgent: 1, Login: 'A', ViewOnlyRequired: true }))).toEqual([
      'viewReports',
      'viewOnly',
    ]);
  });

  it('drops what the new parent cannot pass on, and a view-only only the old one forced', () => {
    const wide = parent({ IdAgent: 1, Login: 'WIDE', ViewOnlyRequired: true });
    const narrow = parent({ IdAgent: 2, Login: 'NARROW', Grantable: ['viewReports', 'viewOnly'] });
    expect(rightsUnder(['viewReports', 'managePlayers', 'viewOnly'], wide, narrow)).toEqual([
      'viewReports',
    ]);
    expect(rightsUnder(['viewReports'], narrow, wide)).toEqual(['viewReports', 'viewOnly']);
  });
});
