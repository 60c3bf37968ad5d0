import { describe, expect, it } from 'vitest';
import { cookieMask } from '@adapters/catalog/uf-session-cookie';

describe("masking the operator's ONE.UF session", () => {
  const cookie = '_shibsession_abc=_f3a9c1e07b5d; oneuf_sid=s:Q9xb/T2vL; lang=en';
  const mask = cookieMask(cookie);

  it('masks the whole header, each long value and its percent-encoding, wherever they appear', () => {
    expect(mask(`sent ${cookie} to UF`)).toBe('sent [UF_SOC_COOKIE] to UF');
    expect(mask('page said "_f3a9c1e07b5d" and s%3AQ9xb%2FT2vL')).toBe('page said "[UF_SOC_COOKIE]" and [UF_SOC_COOKIE]');
    expect(mask('oneuf_sid=s:Q9xb/T2vL')).toBe('[UF_SOC_COOKIE]');
  });

  it('leaves short values and ordinary text alone, and everything when there is no cookie', () => {
    expect(mask('lang=en, page 2 of about 4')).toBe('lang=en, page 2 of about 4');
    expect(cookieMask(undefined)('_f3a9c1e07b5d')).toBe('_f3a9c1e07b5d');
  });
});
