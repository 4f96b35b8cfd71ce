import { JsonText, keepMemberText, memberText, parseKeepingText, withSourceText } from '../../../shared/infra/json-text';

describe('a JSON answer handed on as its own text', () => {
  it('finds a top-level member past strings holding quotes, escapes and brackets, and nested values', () => {
    const text = ' { "a" : "x\\"}{[" , "b":[1,{"c":"]"}], "n": -1.5e3,\n"data" :\t{"k": "v\\\\"}  } ';
    expect(memberText(text, 'a')).toBe('"x\\"}{["');
    expect(memberText(text, 'b')).toBe('[1,{"c":"]"}]');
    expect(memberText(text, 'n')).toBe('-1.5e3');
    expect(memberText(text, 'data')).toBe('{"k": "v\\\\"}');
    expect(memberText(text, 'c')).toBeUndefined();
    for (const k of ['a', 'b', 'n', 'data']) expect(JSON.parse(memberText(text, k)!)).toEqual(JSON.parse(text)[k]);
  });

  it('takes the last of a repeated key, as JSON.parse does; a key written with escapes or a non-object is not matched', () => {
    expect(memberText('{"d":1,"d":{"x":2}}', 'd')).toBe('{"x":2}');
    expect(memberText('{"\\u0064":1}', 'd')).toBeUndefined();
    expect(memberText('[{"d":1}]', 'd')).toBeUndefined();
  });

  it('a parsed answer carries its text, and so does the member it is unwrapped to; a changed value does not', () => {
    const text = '{"code":0,"data":{"list":[12345678901234567891]}}';
    const body = parseKeepingText(text) as { data: unknown };
    keepMemberText(body, body.data);
    const whole = withSourceText(body);
    const data = withSourceText(body.data);
    expect(whole).toBeInstanceOf(JsonText);
    expect((whole as JsonText).text).toBe(text);
    expect((data as JsonText).text).toBe('{"list":[12345678901234567891]}');
    expect(JSON.stringify({ data })).toBe(JSON.stringify({ data: body.data }));
    expect(withSourceText({ ...body })).toEqual({ ...body });
    expect(withSourceText('text')).toBe('text');
  });
});
