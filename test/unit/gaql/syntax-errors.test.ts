import { GaqlError, parseGaql } from '../../../shared/platforms/google/gaql';
import { expectError } from './helpers';

const B = 'SELECT campaign.id FROM campaign';

describe('GAQL syntax errors point at the offending character', () => {
  it('parseGaql throws a GaqlError carrying code, position, line and column', () => {
    let thrown: unknown;
    try {
      parseGaql('SELECT campaign.id\nFROM campaign\n  LIMIT 0');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(GaqlError);
    expect((thrown as GaqlError).toJSON()).toEqual({
      code: 'LIMIT_VALUE_TOO_LOW',
      message: 'LIMIT takes a positive whole number, found 0.',
      position: 41,
      line: 3,
      column: 9,
    });
  });

  it('counts a CRLF as one line break', () => {
    const err = expectError(`SELECT campaign.id\r\nFROM campaign\r\nWHERE ▸OR`, 'BAD_FIELD_NAME');
    expect({ line: err.line, column: err.column }).toEqual({ line: 3, column: 7 });
  });

  describe('SELECT and FROM', () => {
    it.each([
      ['▸', 'EXPECTED_SELECT'],
      ['   ▸', 'EXPECTED_SELECT'],
      ['▸FROM campaign', 'EXPECTED_SELECT'],
      ['▸SELEKT campaign.id FROM campaign', 'EXPECTED_SELECT'],
      ['SELECT▸', 'UNEXPECTED_END_OF_QUERY'],
      ['SELECT ▸FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT campaign.id, ▸FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT ▸Campaign.id FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT ▸campaign.startDate FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT ▸campaign..id FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT ▸campaign. FROM campaign', 'BAD_FIELD_NAME'],
      ['SELECT ▸* FROM campaign', 'BAD_SYMBOL'],
      ["SELECT ▸'campaign.id' FROM campaign", 'UNEXPECTED_INPUT'],
      ['SELECT campaign.id ▸WHERE campaign.id = 1', 'EXPECTED_FROM'],
      ['SELECT campaign.id ▸campaign.name FROM campaign', 'EXPECTED_FROM'],
      ['SELECT campaign.id▸', 'EXPECTED_FROM'],
      ['SELECT campaign.id FROM▸', 'UNEXPECTED_END_OF_QUERY'],
      ['SELECT campaign.id FROM ▸Campaign', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ['SELECT campaign.id FROM ▸campaign.id', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ["SELECT campaign.id FROM ▸'campaign'", 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ['SELECT metrics.clicks FROM ▸metrics', 'PROHIBITED_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ['SELECT campaign.id FROM campaign▸, ad_group', 'UNEXPECTED_INPUT'],
    ])('%s → %s', (q, code) => {
      expectError(q, code);
    });
  });

  describe('lexical errors', () => {
    it.each([
      [`${B} WHERE campaign.id ▸! 5`, 'BAD_SYMBOL'],
      [`${B}▸;`, 'BAD_SYMBOL'],
      [`${B} WHERE campaign.id = ▸- 5`, 'BAD_SYMBOL'],
      [`${B} WHERE campaign.name = ▸‘x’`, 'BAD_SYMBOL'],
      ['SELECT campaign.id▸\u00a0FROM campaign', 'BAD_SYMBOL'],
      [`${B} WHERE campaign.id = ▸12abc`, 'BAD_NUMBER'],
      [`${B} WHERE campaign.id = ▸1.`, 'BAD_NUMBER'],
      [`${B} WHERE campaign.id = ▸1.2.3`, 'BAD_NUMBER'],
      [`${B} WHERE campaign.id = ▸.5`, 'BAD_SYMBOL'],
      [`${B} WHERE campaign.name = ▸'Brand`, 'STRING_NOT_TERMINATED'],
      [`${B} WHERE campaign.name = ▸"Brand'`, 'STRING_NOT_TERMINATED'],
      [`${B} WHERE campaign.name = ▸'Brand\\`, 'STRING_NOT_TERMINATED'],
      [`${B} WHERE campaign.name = 'Br▸\nand'`, 'PROHIBITED_NEWLINE_IN_STRING'],
      [`${B} WHERE campaign.name = 'Br▸\rand'`, 'PROHIBITED_NEWLINE_IN_STRING'],
      [`${B} WHERE campaign.name REGEXP_MATCH '▸\\d+'`, 'BAD_ESCAPE_SEQUENCE'],
      [`${B} WHERE campaign.name = 'a▸\\n'`, 'BAD_ESCAPE_SEQUENCE'],
    ])('%j → %s', (q, code) => {
      expectError(q, code);
    });

    it('quotes at most 40 characters of the offending token in the message', () => {
      const long = `'${'x'.repeat(500)}'`;
      const err = expectError(`${B} WHERE campaign.name LIKE 'a' ▸${long}`, 'UNEXPECTED_INPUT');
      expect(err.message).toBe(`Unexpected ${JSON.stringify(`'${'x'.repeat(36)}...`)}.`);
    });

    it('reports the first problem in text order', () => {
      expectError(`SELECT ▸Campaign.id FROM campaign WHERE x = 'unterminated`, 'BAD_FIELD_NAME');
    });
  });

  describe('WHERE', () => {
    it.each([
      [`${B} WHERE▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE ▸(campaign.id = 1)`, 'UNEXPECTED_INPUT'],
      [`${B} WHERE campaign.id = 1 ▸OR campaign.id = 2`, 'UNEXPECTED_INPUT'],
      [`${B} WHERE campaign.id = 1 AND▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE campaign.id = 1 AND ▸AND campaign.id = 2`, 'BAD_FIELD_NAME'],
      [`${B} WHERE campaign.id▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE campaign.id ▸5`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.id ▸EQUALS 5`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.id = ▸= 5`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id < ▸> 5`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id IS ▸5`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.id IS NOT ▸EMPTY`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.id NOT ▸BETWEEN 1 AND 2`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.labels CONTAINS ▸SOME ('a')`, 'BAD_OPERATOR'],
      [`${B} WHERE campaign.id =▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE campaign.id = ▸campaign.name`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id = ▸NULL`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id = ▸AND`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id = ▸(1, 2)`, 'EXPECTED_SINGLE_VALUE'],
      [`${B} WHERE campaign.id IN ▸1`, 'EXPECTED_LIST'],
      [`${B} WHERE campaign.id NOT IN ▸'1'`, 'EXPECTED_LIST'],
      [`${B} WHERE campaign.labels CONTAINS ALL▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE campaign.id IN ▸()`, 'PROHIBITED_EMPTY_LIST_IN_CONDITION'],
      [`${B} WHERE campaign.id IN (1, 2▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE campaign.id IN (1 ▸2)`, 'UNEXPECTED_INPUT'],
      [`${B} WHERE campaign.id IN (1, ▸)`, 'BAD_VALUE'],
      [`${B} WHERE campaign.id IN (1, ▸(2))`, 'BAD_VALUE'],
      [`${B} WHERE campaign.name LIKE ▸5`, 'INVALID_VALUE_WITH_LIKE_OPERATOR'],
      [`${B} WHERE campaign.name NOT LIKE ▸BRAND`, 'INVALID_VALUE_WITH_LIKE_OPERATOR'],
      [`${B} WHERE campaign.name LIKE ▸('a')`, 'INVALID_VALUE_WITH_LIKE_OPERATOR'],
      [`${B} WHERE campaign.name REGEXP_MATCH ▸5`, 'BAD_VALUE'],
      [`${B} WHERE segments.date DURING ▸LAST_8_DAYS`, 'INVALID_VALUE_WITH_DURING_OPERATOR'],
      [`${B} WHERE segments.date DURING ▸'LAST_7_DAYS'`, 'INVALID_VALUE_WITH_DURING_OPERATOR'],
      [`${B} WHERE segments.date DURING ▸('TODAY')`, 'INVALID_VALUE_WITH_DURING_OPERATOR'],
      [`${B} WHERE segments.date DURING▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} WHERE segments.date BETWEEN '2026-01-01' ▸'2026-01-31'`, 'EXPECTED_AND'],
      [`${B} WHERE segments.date BETWEEN '2026-01-01'▸`, 'EXPECTED_AND'],
      [`${B} WHERE segments.date BETWEEN ▸AND '2026-01-31'`, 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR'],
      [`${B} WHERE segments.date BETWEEN '2026-01-01' AND▸`, 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR'],
      [`${B} WHERE segments.date BETWEEN ▸('2026-01-01') AND '2026-01-31'`, 'INVALID_VALUE_WITH_BETWEEN_OPERATOR'],
      [`${B} WHERE metrics.clicks BETWEEN 1 AND ▸(2, 3)`, 'INVALID_VALUE_WITH_BETWEEN_OPERATOR'],
    ])('%s → %s', (q, code) => {
      expectError(q, code);
    });
  });

  describe('ORDER BY, LIMIT, PARAMETERS and clause order', () => {
    it.each([
      [`${B} ORDER ▸campaign.id`, 'EXPECTED_BY'],
      [`${B} ORDER▸`, 'EXPECTED_BY'],
      [`${B} ORDER BY▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} ORDER BY campaign.id ▸ASCENDING`, 'UNEXPECTED_INPUT'],
      [`${B} ORDER BY campaign.id DESC ▸DESC`, 'UNEXPECTED_INPUT'],
      [`${B} ORDER BY campaign.id, ▸LIMIT 5`, 'BAD_FIELD_NAME'],
      [`${B} LIMIT ▸0`, 'LIMIT_VALUE_TOO_LOW'],
      [`${B} LIMIT ▸000`, 'LIMIT_VALUE_TOO_LOW'],
      [`${B} LIMIT ▸-1`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT ▸1.5`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT ▸010`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT ▸'5'`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT ▸ten`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT ▸99999999999999999999`, 'BAD_LIMIT_VALUE'],
      [`${B} LIMIT▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} LIMIT 5 ▸6`, 'UNEXPECTED_INPUT'],
      [`${B} PARAMETERS ▸include_deleted=true`, 'BAD_PARAMETER_NAME'],
      [`${B} PARAMETERS ▸INCLUDE_DRAFTS=true`, 'BAD_PARAMETER_NAME'],
      [`${B} PARAMETERS include_drafts=true, ▸include_drafts=false`, 'BAD_PARAMETER_NAME'],
      [`${B} PARAMETERS include_drafts=▸yes`, 'BAD_PARAMETER_VALUE'],
      [`${B} PARAMETERS include_drafts=▸1`, 'BAD_PARAMETER_VALUE'],
      [`${B} PARAMETERS include_drafts ▸true`, 'UNEXPECTED_INPUT'],
      [`${B} PARAMETERS include_drafts=▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} PARAMETERS▸`, 'UNEXPECTED_END_OF_QUERY'],
      [`${B} LIMIT 5 ▸WHERE campaign.id = 1`, 'UNEXPECTED_INPUT'],
      [`${B} WHERE campaign.id = 1 ▸WHERE campaign.id = 2`, 'UNEXPECTED_INPUT'],
      [`${B} PARAMETERS include_drafts=true ▸LIMIT 5`, 'UNEXPECTED_INPUT'],
      [`${B} ▸SELECT campaign.id`, 'UNEXPECTED_INPUT'],
    ])('%s → %s', (q, code) => {
      expectError(q, code);
    });

    it('explains clause order and the missing OR in the message', () => {
      expect(expectError(`${B} LIMIT 5 ▸WHERE campaign.id = 1`, 'UNEXPECTED_INPUT').message).toMatch(/SELECT, FROM, WHERE, ORDER BY, LIMIT, PARAMETERS/);
      expect(expectError(`${B} WHERE campaign.id = 1 ▸or campaign.id = 2`, 'UNEXPECTED_INPUT').message).toMatch(/no OR/);
    });
  });
});
