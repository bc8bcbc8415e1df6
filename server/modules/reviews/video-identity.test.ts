import { describe, expect, it } from "vitest";
import { decisionRefusal, sendsBeforeSharing, sharedVideo, videoIdentity, videoToSend, type VideoFacts } from "./video-identity.ts";

const video = (id: number) => ({ id, fingerprint: `fp-${id}` });
const sentAs = (id: number, status: "waiting" | "approved" | "changes_requested", approved: number | null = null) => ({
  status,
  renderJobId: id,
  sentFingerprint: `fp-${id}`,
  approvedRenderJobId: approved,
});
const facts = (over: Partial<VideoFacts>): VideoFacts => ({ isDraft: false, current: null, review: null, ...over });

describe("video identity", () => {
  it("has nothing to send, review or share before a current video exists", () => {
    const f = facts({});
    expect(videoIdentity(f)).toEqual({
      state: "draft",
      currentRenderJobId: null,
      sentRenderJobId: null,
      approvedRenderJobId: null,
      changedSinceSent: false,
      reviewedRenderJobId: null,
    });
    expect(videoToSend(f)).toEqual({ refused: "needsVideo" });
    expect(sharedVideo(f, true)).toEqual({ refused: "needsVideo" });
    expect(sharedVideo(f, false)).toEqual({ refused: "needsVideo" });
    expect(decisionRefusal(f, 1)).toBe("notSubmitted");
  });

  it("sends the current video, whatever renders are newer, and staff watch and decide on that one only", () => {
    // The camper went back to an older render (reused by fingerprint): it is the one sent.
    const ready = facts({ current: video(3) });
    expect(videoIdentity(ready)).toMatchObject({ state: "video_ready", reviewedRenderJobId: 3 });
    expect(videoToSend(ready)).toEqual({ renderJobId: 3, fingerprint: "fp-3" });
    expect(sharedVideo(ready, true)).toEqual({ refused: "needsApproval" });

    const waiting = facts({ current: video(3), review: sentAs(3, "waiting") });
    expect(videoIdentity(waiting)).toMatchObject({ state: "waiting", sentRenderJobId: 3, reviewedRenderJobId: 3, changedSinceSent: false });
    expect(decisionRefusal(waiting, 3)).toBeNull();
    expect(decisionRefusal(waiting, 4)).toBe("videoChanged");
  });

  it("says changed since it was sent when the current video is another, and keeps the link on the approved one", () => {
    const approved = facts({ current: video(3), review: sentAs(3, "approved", 3) });
    expect(videoIdentity(approved)).toMatchObject({ state: "approved", changedSinceSent: false });
    expect(sharedVideo(approved, true)).toEqual({ renderJobId: 3 });

    const renderedAgain = facts({ current: video(5), review: sentAs(3, "approved", 3) });
    expect(videoIdentity(renderedAgain)).toMatchObject({ state: "approved", changedSinceSent: true, currentRenderJobId: 5, reviewedRenderJobId: 3 });
    expect(sharedVideo(renderedAgain, true)).toEqual({ renderJobId: 3 });
    // Staff still decide on the sent video, not the newer one.
    expect(decisionRefusal(renderedAgain, 5)).toBe("videoChanged");

    // Sent again and waiting, or sent back with changes: the approved one keeps playing.
    expect(sharedVideo(facts({ current: video(5), review: sentAs(5, "waiting", 3) }), true)).toEqual({ renderJobId: 3 });
    expect(sharedVideo(facts({ current: video(5), review: sentAs(5, "changes_requested", 3) }), true)).toEqual({ renderJobId: 3 });
    // Approved in turn: the link moves.
    expect(sharedVideo(facts({ current: video(5), review: sentAs(5, "approved", 5) }), true)).toEqual({ renderJobId: 5 });
  });

  it("is not changed when the inputs changed but nothing new was rendered", () => {
    const edited = facts({ current: null, review: sentAs(3, "waiting") });
    expect(videoIdentity(edited)).toMatchObject({ state: "waiting", changedSinceSent: false, reviewedRenderJobId: 3 });
  });

  it("compares rows sent before fingerprints were kept by render id", () => {
    const old = { status: "waiting" as const, renderJobId: 3, sentFingerprint: null, approvedRenderJobId: null };
    expect(videoIdentity(facts({ current: video(3), review: old })).changedSinceSent).toBe(false);
    expect(videoIdentity(facts({ current: video(4), review: old })).changedSinceSent).toBe(true);
  });

  it("without staff review, a link plays the sent video, and making one sends the current video first", () => {
    const ready = facts({ current: video(3) });
    expect(sharedVideo(ready, false)).toEqual({ refused: "needsVideo" });
    expect(sendsBeforeSharing(ready, false)).toBe(true);
    expect(sendsBeforeSharing(ready, true)).toBe(false);
    const sent = facts({ current: video(3), review: sentAs(3, "waiting") });
    expect(sharedVideo(sent, false)).toEqual({ renderJobId: 3 });
    expect(sendsBeforeSharing(sent, false)).toBe(false);
    const renderedAgain = facts({ current: video(4), review: sentAs(3, "waiting") });
    expect(sendsBeforeSharing(renderedAgain, false)).toBe(true);
  });

  it("plays nothing of a draft", () => {
    const draft = facts({ isDraft: true, current: video(3), review: sentAs(3, "approved", 3) });
    expect(sharedVideo(draft, true)).toEqual({ refused: "needsVideo" });
    expect(sendsBeforeSharing(draft, false)).toBe(false);
  });
});
