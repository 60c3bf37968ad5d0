// A tiny browser stand-in for API tests: keeps cookies, fetches the CSRF token.
export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** false: send no X-CSRFToken; a string: send that value. */
  csrf?: boolean | string;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class HttpSession {
  readonly cookies = new Map<string, string>();
  private token: string | undefined;

  /** Sent as X-Forwarded-For (the test app trusts the proxy), so each session is its own client address. */
  clientAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  constructor(public baseUrl: string) {}

  get(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.request('GET', path, options);
  }

  async post(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.request('POST', path, { ...options, body: body ?? {} });
  }

  async fetchToken(): Promise<string> {
    const res = await this.get('/api/get-token/');
    this.token = res.body.token;
    return this.token!;
  }

  /** Signs up and leaves this session signed in. */
  async signUp(fields: Record<string, string>): Promise<ApiResponse> {
    return this.post('/api/signup/', fields);
  }

  async logIn(username: string, password: string): Promise<ApiResponse> {
    return this.post('/api/login/', { username, password });
  }

  /** The Cookie header this session sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.clientAddress, ...options.headers };
    if (method !== 'GET' && options.csrf !== false) {
      headers['X-CSRFToken'] = typeof options.csrf === 'string' ? options.csrf : (this.token ?? (await this.fetchToken()));
    }
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = this.cookieHeader();

    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.storeCookie(line);
    // Login, sign-up and logout start a new session, with a new token.
    if (/^\/api\/(login|signup|logout)\/$/.test(path)) this.token = undefined;
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text so assertions can show it
    }
    return { status: res.status, body, headers: res.headers };
  }

  private storeCookie(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key, val] = a.trim().split('=');
      return key.toLowerCase() === 'expires' && new Date(val).getTime() <= Date.now();
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

let counter = 0;
/** A valid sign-up body with unique email and username. */
export function newStudent(overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  const tag = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName: 'Albert',
    lastName: 'Gator',
    major: 'Computer Science',
    email: `albert${tag}@ufl.edu`,
    username: `albert${tag}`.slice(0, 30),
    password: 'chomp-chomp-42',
    year: '2',
    bio: 'Go Gators!',
    ...overrides,
  };
}
