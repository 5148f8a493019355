import { describe, expect, it } from 'vitest';
import * as rules from '../../src/shared/validation/rules.ts';
import { isIban, normaliseIban } from '../../src/shared/validation/iban.ts';
import { isPublicAddress } from '../../src/shared/validation/addresses.ts';
import { isSafeUrl, isWebhookUrl } from '../../src/shared/validation/urls.ts';

type Predicate = (s: string) => boolean;

// Each rule: values that must pass and values that must be refused.
const table: Array<[string, Predicate, string[], string[]]> = [
  [
    'password',
    rules.isStrongPassword,
    ['Abcdef1!', 'Zaq12wsx@', 'Łódź2024&', 'aaaaaA1%bbbb'],
    ['', 'Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12', 'Abcdefg1*', 'Abcdefg1?'],
  ],
  [
    'username',
    rules.isUsername,
    ['abcd', 'Jan2', 'a123', 'JohnSmith99'],
    ['abc', '1abc', '_abcd', 'ab cd', 'abc-d', 'żaba1', 'abcd!', ''],
  ],
  [
    'email',
    rules.isEmail,
    ['jan@example.com', 'j.kowalski+pay@mail.example.pl', 'a_b%c@sub.domain.info'],
    ['jan@example', 'jan@example.c', 'jan@example.museum', 'jan.example.com', 'jan@@example.com', 'ja n@example.com', '@example.com', ''],
  ],
  [
    'phone',
    rules.isPhone,
    // A valid mobile (recipients receive SMS); digits without + are a Polish number. tests/unit/phone.test.ts has more.
    ['+48600123456', '48600123456', '600123456', '+447911123456', '+12125550123', '+4915123456789'],
    [
      ...['+48 600 123 456', '+48-600-123-456', '+4860012', '+1212555012', '+1234567890123456', 'abc', '', '++48600123456', '48600123456+'],
      // Plausible lengths only: no Polish range starts with 11; a Polish mobile cut short; a US number without +1.
      ...['+48111111111', '+485965442', '2019657502', '+2019657502'],
      // Landlines take no SMS.
      ...['+48221234567', '+442079460000'],
    ],
  ],
  [
    'personName',
    rules.isPersonName,
    ['Jo', 'Łukasz', 'Żółć', 'Müller', 'ĘĄ'],
    ['J', 'Jan Maria', 'Kowalska-Nowak', "O'Neil", 'Jan2', '', 'A×B'],
  ],
  [
    'nameChars',
    rules.isNameChars,
    ["Jan Maria O'Neil-Kowalski Jr.", 'Świętosław', 'D’Artagnan', 'a'],
    ['Jan2', 'Jan_Kowalski', 'Jan@', '', ' .-', 'Jan\nKowalski'],
  ],
  ['beneficiaryName', rules.isBeneficiaryName, ['Jan K', 'ACME Ltd', 'Łucja'], ['Jan', 'Jan ', '  ab  ', '']],
  ['billonUserName', rules.isBillonUserName, ['jank', 'jan2024', '1234'], ['jan', 'JanK', 'jan_k', 'jan k', 'jańk', '']],
  [
    'money',
    rules.isMoney,
    ['0', '0.5', '0,50', '12', '12.3', '12,34', '100000', '9999999999.99'],
    ['00.5', '012', '12.345', '.5', '12.', '-1', '1 000', '1,000.00', '1e3', 'abc', '', ' 12'],
  ],
  ['payoutAmount', rules.isPayoutAmount, ['0.01', '0,01', '1', '250.50'], ['0', '0.00', '0.009', '00.01', 'x']],
  ['positiveInteger', rules.isPositiveInteger, ['1', '10', '987654321'], ['0', '01', '-1', '1.0', '1e3', '']],
  ['digits', rules.isDigits, ['0', '007', '123456'], ['', '12a', '1 2', '-1', '1.5']],
  ['twoDigits', rules.isTwoDigits, ['00', '07', '99'], ['7', '123', 'ab', '']],
  ['sortCode', rules.isSortCode, ['12-34-56', '00-00-00'], ['123456', '12-34-5', '12 34 56', '12-34-567', 'ab-cd-ef']],
  [
    'tin (NIP)',
    rules.isTin,
    ['5260250274', '1234563218', '7680002466'],
    // 1234567890: the weighted sum gives 10, which no check digit can match (a "mod 10" shortcut would accept it)
    ['5260250275', '1234567890', '526025027', '52602502744', '526-025-02-74', 'abcdefghij'],
  ],
  [
    'iban',
    isIban,
    ['PL61109010140000071219812874', 'PL61 1090 1014 0000 0712 1981 2874', 'GB29NWBK60161331926819', 'de89370400440532013000'],
    ['PL61109010140000071219812875', '61109010140000071219812874', 'PL61-1090-1014-0000-0712-1981-2874', 'XX00', ''],
  ],
  ['pesel', rules.isPesel, ['44051401359', '02270803624', '04222901237', '85010101235'], ['44051401358', '02222901233', '99023001233', '4405140135', 'abcdefghijk']],
  ['regon', rules.isRegon, ['123456785', '12345678512347'], ['123456786', '12345678512348', '12345678', '1234567851234']],
  ['postalCode', rules.isPostalCode, ['00-950', '91-045'], ['00950', '0-0950', '00-95', '00-9500', 'ab-cde']],
  ['industryCode', rules.isIndustryCode, ['62.01.Z', '47.11.A'], ['62.01.z', '6201Z', '62.01', '62-01-Z', '6.201.Z']],
  [
    'senderName',
    rules.isSenderName,
    ['A', 'Shop', 'ACME 123', 'Pay.Me&Co', 'a@b-c+d_e!%', 'Sale 2x3', 'Abcdefghijk'],
    ['', '123', 'Abcdefghijkl', 'Shop1234', 'Łódź', 'Shop#1', 'Zażółć', 'A/B'],
  ],
  ['webTitle', rules.isWebTitle, ['', 'Collect your payout', 'x'.repeat(60), 'ż'.repeat(60)], ['x'.repeat(61)]],
  ['asciiText', rules.isAsciiText, ['Hello, world! 100% {ok}', 'line\nbreak', ''], ['Zażółć', 'euro €', 'tab\u0000null', 'emoji 😀']],
  [
    'limitedPunctuation',
    rules.isLimitedPunctuation,
    ['Zażółć gęślą jaźń.', 'Hello, world! (ok?) 50% - 1/2 & "quoted"', 'line\nbreak', ''],
    ['<script>', 'a{b}', 'price $5', 'a=b', 'back`tick', 'a|b', 'x_y'],
  ],
  ['customLink', rules.isCustomLink, ['letnia-promocja-lodz', 'promo2024', 'a'], ['Letnia', 'letnia--promocja', '-letnia', 'letnia-', 'łódź', 'a b', '']],
  [
    'dateTime',
    rules.isDateTimeString,
    ['2024-02-29 23:59:59', '2023-01-01 00:00:00', '2000-02-29 12:00:00'],
    ['2023-02-29 12:00:00', '1900-02-29 12:00:00', '2024-04-31 12:00:00', '2024-13-01 12:00:00', '2024-01-01 24:00:00', '2024-01-01 12:60:00', '2024-01-01T12:00:00', '2024-01-01 12:00', '2024-1-1 12:00:00'],
  ],
  [
    'safeUrl',
    isSafeUrl,
    ['https://example.com', 'http://example.com/path?q=1#x', 'ftp://files.example.org/a.txt', 'https://8.8.8.8/', 'https://[2001:4860:4860::8888]/', 'https://xn--d1acpjx3f.xn--p1ai/', 'https://shop.example.com:8443/'],
    [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'example.com',
      'http:example.com',
      'https://localhost/',
      'http://app.localhost:3000/',
      'http://intranet/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://127.0.0.1:8080/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:192.168.0.1]/',
      'https://exa mple.com/',
      'https://example.com/ space',
    ],
  ],
  [
    'webhookUrl',
    isWebhookUrl,
    ['https://hooks.example.com/payouts', 'http://erp.example.org:8080/in?token=x', 'https://8.8.8.8/hook'],
    ['ftp://files.example.org/in', 'https://localhost/hook', 'http://127.0.0.1:3000/', 'http://10.0.0.2/', 'http://[::1]/', 'http://intranet/', 'hooks.example.com', ''],
  ],
  [
    'httpUrl (webhooks with private addresses allowed)',
    rules.isHttpUrl,
    ['https://hooks.example.com/payouts', 'http://127.0.0.1:3000/in', 'http://intranet/', 'http://[::1]:8080/'],
    ['ftp://files.example.org/in', 'javascript:alert(1)', 'http://', 'https://exa mple.com/', ''],
  ],
  [
    'publicAddress (what a webhook host resolves to)',
    isPublicAddress,
    ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '93.184.216.34'],
    ['127.0.0.1', '10.1.2.3', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1%eth0', 'fd00::1', '::ffff:127.0.0.1', 'not an address'],
  ],
];

describe.each(table)('rule %s', (_name, predicate, good, bad) => {
  it.each(good)('accepts %j', (value) => expect(predicate(value)).toBe(true));
  it.each(bad)('refuses %j', (value) => expect(predicate(value)).toBe(false));
});

describe('public addresses next to private ranges stay accepted', () => {
  it.each(['http://172.15.0.1/', 'http://172.32.0.1/', 'http://11.0.0.1/', 'http://192.169.0.1/', 'http://169.253.1.1/'])('%s', (url) =>
    expect(isSafeUrl(url)).toBe(true),
  );
});

describe('normalisePhone', () => {
  it.each([
    ['+48600123456', '+48600123456'],
    ['600123456', '+48600123456'],
    ['48600123456', '+48600123456'],
    ['+48 600-123-456', '+48600123456'],
    ['0048600123456', '+48600123456'],
    ['(+44) 7911 123456', '+447911123456'],
  ])('%j -> %s', (input, expected) => expect(rules.normalisePhone(input)).toBe(expected));

  it('reads digits without a dial code as a number of the given country', () => {
    expect(rules.normalisePhone('2125550123', 'US')).toBe('+12125550123');
  });

  it.each(['', '123', 'phone', '+48600123456789012', '+48 600 abc'])('refuses %j', (input) => expect(rules.normalisePhone(input)).toBeNull());
});

describe('normaliseIban', () => {
  it('keeps the country prefix and removes spaces', () => {
    expect(normaliseIban('pl61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874');
  });
  it('refuses a wrong checksum', () => expect(normaliseIban('PL62 1090 1014 0000 0712 1981 2874')).toBeNull());
});

describe('toCustomLink', () => {
  it.each([
    ['Letnia Promocja Łódź!', 'letnia-promocja-lodz'],
    ['  Zażółć   gęślą JAŹŃ  ', 'zazolc-gesla-jazn'],
    ['Promo 2024 -- edycja #2', 'promo-2024-edycja-2'],
    ['Straße & Café', 'strasse-cafe'],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(rules.toCustomLink(input)).toBe(expected);
    if (expected) expect(rules.isCustomLink(expected)).toBe(true);
  });
});

describe('isReminderDays', () => {
  it.each([1, 2, 30])('accepts %d', (n) => expect(rules.isReminderDays(n)).toBe(true));
  it.each([0, -1, 1.5, Number.NaN])('refuses %d', (n) => expect(rules.isReminderDays(n)).toBe(false));
});
