/**
 * The endpoint catalogue's building block. Each API action is declared once, in contract/api/<module>.ts: its path,
 * input and output schemas, who may call it and with which permission. The server binds a handler to the same object
 * (`action({...authorApi.list, handler})`, server/http/action.ts) and the SPA calls it by it
 * (`call(authorApi.list, body)`, src/dataProvider/client.ts), so the path, the body and the reply are typed end to
 * end and written nowhere else. The OpenAPI document (server/http/openapi.ts) is generated from the same objects.
 */
import type { z } from 'zod';
import type { Needed } from './permissions';
import type { Feature } from './plans';

/**
 * Who may call: anyone, a signed-in user, or staff of the current site (holding `permission`, if one is named); or
 * `reader`: a visitor of a public site, on that site's own host only, where the action is served at
 * `<site>/api/<path>` (never on the admin's host); its handler gets the site and the signed-in reader, if any.
 */
export type Access = 'public' | 'user' | 'site' | 'reader';

export interface Endpoint<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** `<module>/<action>`, served at POST /api/<path>. */
  path: string;
  /**
   * Other names of the same action, served alike (SPEC §7 names some actions twice: `navigation/*` for `menu/*`,
   * `site/home` for `home/get` …). The SPA calls `path`; an integrator may call either.
   */
  aliases?: readonly string[];
  method?: 'POST' | 'GET';
  input: I;
  /**
   * The query string it reads besides the input, every value a string (the content actions' type `?t=`): declared
   * for the OpenAPI document and the SPA; the handler reads it from its context.
   */
  query?: z.ZodObject;
  /** The reply's `data`. The API tests check every reply against it (server/http/action.ts `checkReplies`). */
  output: O;
  access: A;
  /**
   * For `site` access: the permission the caller's role (and plan) must grant; or a list of them, any one of which
   * will do (an action several screens share, such as an image upload).
   */
  permission?: Needed;
  /** For `site` access: the plan feature the site must have (403 otherwise, as for a feature-gated permission). */
  feature?: Feature;
  /** For a save whose id 0 creates: what creating needs besides `permission` (checked once, by server/http/action). */
  createPermission?: Needed;
  /** The input's `token` must be a solved bot challenge (code 1005 otherwise). */
  captcha?: boolean;
  /** Reply with the data itself instead of an envelope: only for a third-party protocol (the ALTCHA widget). */
  raw?: boolean;
  /**
   * Also take multipart/form-data: its text fields and files (UploadedFile, declared with fileField(), both in
   * contract/files.ts) make the input, read only once access is granted.
   */
  multipart?: boolean;
  /** For a multipart action: the largest file it takes, when more than the app's cut-off for images (server/app.ts). */
  fileMaxBytes?: number;
  /** How long the SPA waits for the reply, in ms (TIMEOUT in contract/constants.ts); TIMEOUT.default otherwise. */
  timeout?: number;
  /** One line for the OpenAPI document. */
  summary?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a catalogue holds endpoints of every input and output type
export type AnyEndpoint = Endpoint<any, any, Access>;

/** Declares an endpoint (an identity function that keeps the literal types). */
export function endpoint<I extends z.ZodType, O extends z.ZodType, A extends Access>(
  def: Endpoint<I, O, A>,
): Endpoint<I, O, A> {
  return def;
}

/** What a caller sends (before defaults). */
export type BodyOf<E extends AnyEndpoint> = z.input<E['input']>;
/** What a handler receives (after parsing). */
export type InputOf<E extends AnyEndpoint> = z.output<E['input']>;
/** The reply's `data`. */
export type ReplyOf<E extends AnyEndpoint> = z.output<E['output']>;
