import autocannon from "autocannon";

/** One request per camper, as the 200 campers of a session would each send it, all at once. */
export interface CamperRequest {
  method: "GET" | "POST" | "PATCH";
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface StepResult {
  name: string;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/**
 * Runs one step of the campers' session: every camper (index 0..n-1) sends its request at the same
 * time, over its own connection (autocannon, one connection per camper). `onAnswer` keeps what later
 * steps need (a session cookie, a show id).
 */
export async function runStep(
  name: string,
  baseURL: string,
  campers: number,
  request: (camper: number) => CamperRequest,
  onAnswer?: (camper: number, status: number, body: string, headers: Record<string, string | string[]>) => void,
): Promise<StepResult> {
  let next = 0;
  let failed = 0;
  const result = await autocannon({
    url: baseURL,
    connections: campers,
    amount: campers,
    timeout: 60,
    requests: [
      {
        setupRequest: (req, context) => {
          const camper = next++ % campers;
          (context as { camper: number }).camper = camper;
          const r = request(camper);
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: { ...(r.body === undefined ? {} : { "content-type": "application/json" }), ...r.headers },
            body: r.body === undefined ? undefined : JSON.stringify(r.body),
          };
        },
        onResponse: (status, body, context, headers) => {
          if (status >= 400) failed++;
          onAnswer?.((context as { camper: number }).camper, status, body, (headers ?? {}) as Record<string, string | string[]>);
        },
      },
    ],
  });
  return { name, p50: result.latency.p50, p99: result.latency.p99, ok: campers - failed, failed };
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
export function cookieFrom(headers: Record<string, string | string[]>): string {
  const raw = headers["set-cookie"];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return first ? first.split(";")[0]! : "";
}
