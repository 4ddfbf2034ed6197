// Lists sorted in the browser rank mixed currencies in the site's currency (issue 14 item 5):
// CA$12,150 (US$8,869.50) and MX$11,250 (US$652.50) never above US$9,750. The sorts of beat the
// line, player standing and changed bets are tested with this ranking beside their own code.
import { describe, expect, it } from 'vitest';
import type { Currency } from '@backline/contract/calls/currency';
import { moneyRanking } from './money-ranking';

const currency = (Code: string, RateToSite: string, IsSiteCurrency = false): Currency => ({
  IdCurrency: Code.length,
  Code,
  Name: Code,
  MinorDigits: Code === 'JPY' ? 0 : 2,
  RateToSite,
  IsSiteCurrency,
});

describe('money ranking', () => {
  const ranking = moneyRanking([
    currency('USD', '1', true),
    currency('CAD', '0.73'),
    currency('MXN', '0.058'),
    currency('JPY', '0.0067'),
  ]);

  it('converts at the site rates', () => {
    expect(ranking.value(1_215_000, 'CAD')).toBe(886_950);
    expect(ranking.value(1_125_000, 'MXN')).toBe(65_250);
    expect(ranking.value(975_000, 'USD')).toBe(975_000);
    expect(ranking.value(100_000, 'JPY')).toBe(67_000);
    // A currency the site has no rate for keeps its figure.
    expect(ranking.value(500, 'EUR')).toBe(500);
  });

  it('names the rates a ranking used, and nothing when one currency is shown', () => {
    expect(ranking.conversion(['USD', 'MXN', 'CAD', 'MXN'])).toEqual({
      Currency: 'USD',
      Rates: [
        { Currency: 'CAD', Rate: '0.73' },
        { Currency: 'MXN', Rate: '0.058' },
      ],
    });
    expect(ranking.conversion(['USD', 'USD'])).toBeNull();
    // Before the rates arrive nothing claims to be converted.
    expect(moneyRanking(undefined).conversion(['USD', 'CAD'])).toBeNull();
    expect(moneyRanking(undefined).value(1_215_000, 'CAD')).toBe(1_215_000);
  });
});
