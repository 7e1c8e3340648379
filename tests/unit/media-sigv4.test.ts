/**
 * The S3 adapter's Signature V4 against the worked examples of the S3 API reference, "Authenticating Requests:
 * Using the Authorization Header (AWS Signature Version 4)"
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): GET object with a range, PUT
 * object with a body and a `$` in the key, GET bucket with a query. Then the adapter's own requests.
 */
import { describe, expect, it } from 'vitest';
import { amzDate, sha256Hex, signV4, uriEncode } from '../../server/adapters/s3Storage';

const creds = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const date = new Date('2013-05-24T00:00:00Z');
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('AWS Signature V4, the documented S3 examples', () => {
  it('GET object (range header, empty body)', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY,
        date,
      },
      creds,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT object (body hash, Date and storage-class headers, `$` in the key)', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
        date,
      },
      creds,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
  });

  it('GET bucket (query parameters sorted and encoded)', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
        headers: {},
        payloadHash: EMPTY,
        date,
      },
      creds,
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('any change to what is signed changes the signature', () => {
    const base = {
      method: 'PUT',
      url: new URL('http://127.0.0.1:9000/media/1/2026/11/a.png'),
      headers: { 'content-type': 'image/png' },
      payloadHash: sha256Hex('bytes'),
      date,
    };
    const sig = signV4(base, creds).signature;
    expect(signV4({ ...base, payloadHash: sha256Hex('other') }, creds).signature).not.toBe(sig);
    expect(signV4({ ...base, headers: { 'content-type': 'image/gif' } }, creds).signature).not.toBe(sig);
    expect(
      signV4({ ...base, url: new URL('http://127.0.0.1:9000/media/1/2026/11/b.png') }, creds).signature,
    ).not.toBe(sig);
    expect(signV4(base, { ...creds, secretAccessKey: 'x' }).signature).not.toBe(sig);
    expect(signV4(base, { ...creds, region: 'eu-west-1' }).signature).not.toBe(sig);
    expect(signV4({ ...base, date: new Date('2013-05-24T00:00:01Z') }, creds).signature).not.toBe(sig);
  });
});

describe('request details', () => {
  it('answers the headers to send: host with its port, the date, the body hash, lower-cased names', () => {
    const { headers } = signV4(
      {
        method: 'DELETE',
        url: new URL('http://127.0.0.1:9000/media/1/2026/11/a.png'),
        headers: { 'Content-Type': 'image/png' },
        payloadHash: EMPTY,
        date: new Date('2026-11-22T10:20:30.456Z'),
      },
      creds,
    );
    expect(headers).toMatchObject({
      host: '127.0.0.1:9000',
      'x-amz-date': '20261122T102030Z',
      'x-amz-content-sha256': EMPTY,
      'content-type': 'image/png',
    });
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20261122\/us-east-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
  });

  it('encodes the S3 way: only unreserved characters stay, slashes only in paths', () => {
    expect(uriEncode("a b+c!'()*$~._-", false)).toBe('a%20b%2Bc%21%27%28%29%2A%24~._-');
    expect(uriEncode('a/b', true)).toBe('a/b');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
    expect(uriEncode('圖', false)).toBe('%E5%9C%96');
    expect(amzDate(new Date('2026-01-02T03:04:05.999Z'))).toBe('20260102T030405Z');
  });
});
