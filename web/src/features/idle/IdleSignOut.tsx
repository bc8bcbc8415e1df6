import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { IdleSignOut as IdleSetting } from "../../../../contracts/camp-settings.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { ApiError, apiRequest, getJson } from "../../api/client.ts";
import { switchUser, useAuth } from "../../api/auth-context.tsx";
import { isHeld, saveEverything } from "../../lib/idle-activity.ts";
import { rememberIdleSignOut } from "../../components/auth/idle-notice.tsx";
import { alertDialogCode, DIALOG_RETRY_MS, StillThereDialog } from "./still-there.tsx";
import { apiKeys } from "../../api/keys.ts";

/**
 * Shared tablets (decision 027e): a camper who walks away is signed out after the camp's idle time,
 * their work saved first.
 *
 * The clock runs from the last keep-alive the server answered, never from a moment the server did
 * not see: while the camper works (keys, pointer, typing, a recording or an upload in progress) the
 * client sends a keep-alive at most once a minute, and once more after the last activity, so the
 * server's own idle limit (the same minutes, from its last recorded request) always ends later than
 * this one. A minute before, a dialog asks "Still there?"; at the end, every open editor saves, the
 * session is ended and the sign-in page says why.
 */
export const IDLE_TIMING = {
  /** The warning shows this long before the sign-out. */
  warnMs: 60_000,
  /** A keep-alive at most this often while the camper is active. */
  keepAliveEveryMs: 60_000,
  /** Signing out starts this much before the server's limit, so saving still has a live session. */
  marginMs: 10_000,
  tickMs: 1000,
} as const;

const IDLE_URL = "/api/camp-settings/idle";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "input", "wheel", "touchstart"] as const;

/** Mounted for a signed-in camper; asks the camp's idle time and watches when it is not 0 (never). */
export function IdleSignOut() {
  const { user } = useAuth();
  const camper = user?.role === "camper";
  const { data } = useQuery({
    queryKey: apiKeys.idleSetting,
    queryFn: ({ signal }) => getJson<IdleSetting>(IDLE_URL, { signal }),
    enabled: camper,
  });
  if (!camper || !data || data.camperIdleMinutes <= 0) return null;
  // A new session (another camper) starts a new clock.
  return <IdleWatch key={user.id} minutes={data.camperIdleMinutes} />;
}

type Phase = "active" | "warning" | "signing-out";

export function IdleWatch({ minutes }: { minutes: number }) {
  const queryClient = useQueryClient();
  const { logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>("active");
  // When the warning's dialog code was last asked for (see tick).
  const dialogAskedAt = useRef(-Infinity);
  const [secondsLeft, setSecondsLeft] = useState(Math.round(IDLE_TIMING.warnMs / 1000));
  const phaseRef = useRef<Phase>("active");
  phaseRef.current = phase;
  const lastActivity = useRef(Date.now());
  // Until the first keep-alive is answered, count from a minute ago: the server writes a session's
  // last request at most once a minute, so that is as old as its record can be.
  const lastKeptAlive = useRef(Date.now() - IDLE_TIMING.keepAliveEveryMs);
  const keepingAlive = useRef(false);

  const signOut = useCallback(async () => {
    if (phaseRef.current === "signing-out") return;
    phaseRef.current = "signing-out";
    setPhase("signing-out");
    await saveEverything();
    rememberIdleSignOut(minutes);
    try {
      await logoutMutation.mutateAsync();
    } catch {
      // The session is gone either way on this device: nothing of the camper may stay on screen.
      switchUser(queryClient, null);
    }
    // The sign-in page comes when this watcher unmounts (below): only then has the app rendered
    // without the camper, so the page cannot see them still signed in and send them back.
  }, [logoutMutation, minutes, queryClient]);

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(
    () => () => {
      if (phaseRef.current === "signing-out") navigateRef.current("/", { replace: true });
    },
    [],
  );

  /** Tells the server the camper is here; false when the session has already ended. */
  const keepAlive = useCallback(async (): Promise<boolean> => {
    if (keepingAlive.current) return true;
    keepingAlive.current = true;
    const sentAt = Date.now();
    try {
      await apiRequest("POST", "/api/session/keepalive");
      lastKeptAlive.current = Math.max(lastKeptAlive.current, sentAt);
      return true;
    } catch (error) {
      return !(error instanceof ApiError && error.status === 401);
    } finally {
      keepingAlive.current = false;
    }
  }, []);

  const tick = useCallback(() => {
    if (phaseRef.current === "signing-out") return;
    const now = Date.now();
    const signOutAt = lastKeptAlive.current + minutes * 60_000 - IDLE_TIMING.marginMs;
    // "I'm still here" is on its way to the server: no warning again before its answer moves the clock.
    if (keepingAlive.current && now < signOutAt) return;
    if (phaseRef.current === "active" && isHeld()) lastActivity.current = now;
    if (
      phaseRef.current === "active" &&
      lastActivity.current > lastKeptAlive.current &&
      now - lastKeptAlive.current >= IDLE_TIMING.keepAliveEveryMs
    ) {
      void keepAlive().then((alive) => !alive && void signOut());
      return;
    }
    const warnAt = signOutAt - IDLE_TIMING.warnMs;
    // Half way to the warning, its dialog's code is fetched (decision 029a): it does not come with every
    // camper screen, and now the camper is away and the Wi-Fi quiet, so the warning shows at once when due.
    // A failed fetch is tried again a few seconds later (the warning has a fallback if it never comes).
    if (now >= warnAt - (warnAt - lastKeptAlive.current) / 2 && now - dialogAskedAt.current >= DIALOG_RETRY_MS) {
      dialogAskedAt.current = now;
      void alertDialogCode.load().catch(() => {});
    }
    if (now >= signOutAt) {
      void signOut();
      return;
    }
    if (now >= warnAt) {
      if (phaseRef.current === "active") {
        phaseRef.current = "warning";
        setPhase("warning");
      }
      setSecondsLeft(Math.ceil((signOutAt - now) / 1000));
    }
  }, [keepAlive, minutes, signOut]);

  useEffect(() => {
    void keepAlive();
    const onActivity = () => {
      if (phaseRef.current === "active") lastActivity.current = Date.now();
    };
    // A tablet woken from sleep: its timers were paused, so look at the clock at once.
    const onVisible = () => document.visibilityState === "visible" && tick();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(tick, IDLE_TIMING.tickMs);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, [keepAlive, tick]);

  const stillHere = () => {
    if (phaseRef.current !== "warning") return;
    phaseRef.current = "active";
    setPhase("active");
    lastActivity.current = Date.now();
    void keepAlive().then((alive) => !alive && void signOut());
  };

  return <StillThereDialog open={phase === "warning"} secondsLeft={secondsLeft} onStillHere={stillHere} />;
}
