/** What sharing needs of a platform (Facebook's Graph API, or the built-in sandbox). */
export type SocialPlatform = 'facebook' | 'instagram';

export interface OfferedPage {
  /** The Facebook page's id, or for Instagram the page's instagram_business_account id. */
  id: string;
  name: string;
  /** The page access token (Instagram publishes with its page's token). Never leaves the server. */
  token: string;
}

export interface SharePost {
  message: string;
  /** The item's public address (Facebook shows it as a link preview). */
  link: string;
  /** An absolute image address ('' for none); Instagram needs one. */
  imageUrl: string;
}

export interface SocialProvider {
  /** The authorisation dialog's address the browser opens. */
  dialogUrl(opts: { state: string; redirectUri: string; platform: SocialPlatform }): string;
  /** The authorisation code → a user access token. */
  exchangeCode(code: string, redirectUri: string): Promise<string>;
  /** The pages (Instagram: business accounts) the user token may post to. */
  listPages(userToken: string, platform: SocialPlatform): Promise<OfferedPage[]>;
  /** Posts; answers the platform's id of the post. */
  post(platform: SocialPlatform, accountId: string, token: string, post: SharePost): Promise<string>;
}

/** rate_limited after the bounded retries; token_expired (Graph 190): the connection must be made again. */
export type SocialErrorKind = 'rate_limited' | 'token_expired' | 'failed';

export class SocialError extends Error {
  constructor(
    readonly kind: SocialErrorKind,
    detail: string,
  ) {
    super(detail);
  }
}
