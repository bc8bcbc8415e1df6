/**
 * Render benchmark (prints figures; never asserts). A 2-minute TikTok show (1080x1920) with everything
 * the video style offers — music, photos, title and end cards, word-by-word captions, cross-fades — is rendered
 * by our render job and by the bare ffmpeg passes the job runs, alternately, so the job's own overhead
 * shows; then the finished MP4's sound is measured.
 * 1. Sources, made once into os.tmpdir() and reused by file name: two 50-second 720x1280 (phone held
 *    upright) 30 fps WebM clips, VP8 + Opus as MediaRecorder makes them (lavfi testsrc2 + quiet pink
 *    noise, the clip's own room sound; realtime VP8 so making them is quick), and three 3000x2000 JPEG
 *    photos with detail (gradient, shapes and grain, made with sharp).
 * 2. The show, set up as a client does through the API: clips and photos uploaded by tus (photos 5 s
 *    each via PATCH /api/clips/:id), put on the show in story order (photo, clip, photo, clip, photo),
 *    and PATCH /api/recordings/:id: the AI voice (VOICE_PROVIDER=mespeak, offline) reading a ~300-word
 *    script (~2 minutes), captions on in style "word", music "sunny-trail" at level medium, transitions
 *    on, title and end cards on with the camper's name.
 * 3. A warm-up render (not counted) makes and stores the voice-over, so no round pays for the voice.
 * 4. OURS: the clock runs from POST /api/recordings/:id/renders until app.renderWorker.runNext()
 *    returns and GET /api/renders/:id says done (so the job's probing, caption and database work count).
 *    BARE: the same plan built with buildRenderPlan from the same inputs — the stored clip and photo
 *    files, the stored voice-over, the music file, the job's cards — with the same captions.ass
 *    (buildAss on captionCues of the voice's sentences, as the worker writes it) and fonts.conf (its
 *    FONTCONFIG_FILE) in a fresh folder, written before the clock starts; then the three passes
 *    (stemsArgs, mixArgs(measured), videoArgs(measured)) through runRenderPasses as plain
 *    child_process.spawn calls. Rounds alternate ours, bare; the fit alternates crop, fit and the
 *    show's title carries the round's number (one character on the title card), so each pair does the
 *    same work and ours never reuses an earlier render. BENCH_ROUNDS (default 2) rounds.
 * 5. The mix, measured on our last MP4: integrated loudness and true peak by ffmpeg ebur128=peak=true.
 *    Speech over music: the bare plan's mix pass is run once more (untimed) with measureStems, which
 *    also writes the levelled speech stem and the ducked music as they enter the mix; D is the RMS of
 *    the speech over the RMS of the music within the voice's sentences (the voice-over's stored sentence
 *    times, moved after the title card), over all of them together, and the worst single sentence.
 * 6. Render ahead: the show settles (a new title, then app.renderWorker.runPreparesUntilIdle(), the background
 *    preparation run to the end); S = from POST /api/recordings/:id/renders until GET /api/renders/:id says done
 *    and its media answers a range request (206). Then one caption changes (one word of the script: "Maya" ->
 *    "Mia"), Render is pressed at once (no preparation in between) and T is measured the same way: the new
 *    voice-over, the parts that word's caption touches (and the ones after it whose voice moved) and the sound.
 *    Between OURS rounds (4) the kept parts are deleted, so OURS stays a cold render.
 * Prints detail lines, then exactly:
 *   render (music, photos, cards, word captions): ratio R of bare ffmpeg, S x real time
 *     (R = median ours / median bare, target <= 1.15; S = video seconds / median ours, target >= 1)
 *   mix: integrated I LUFS, true peak P dBTP, speech over music D dB
 *     (targets -14 +- 1 LUFS, <= -1 dBTP, >= 10 dB)
 *   ready after Render: S s (settled 2-minute show), T s after changing one caption
 *     (target S <= 5)
 * The app is the real one (createTestApp) on an in-memory PGlite database; media under its test
 * DATA_DIR, removed at the end.
 * Run: npm run bench:render   (or npx tsx bench/render.bench.ts)
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { RenderJob } from "../contracts/renders.ts";
import { schema } from "../db/client.ts";
import { ClipsRepository } from "../server/modules/clips/clips.repository.ts";
import { readStemLoudness, STEM_LOUDNESS_FILES } from "../server/render/render-audio.ts";
import { buildRenderPlan } from "../server/render/render-plan.ts";
import { renderOutputPath } from "../testing/renders.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR } from "../testing/test-app.ts";
import { testDatabase } from "../testing/test-database.ts";
import { uploadClip } from "../testing/uploads.ts";
import { FORMAT, MUSIC, tools, CLIP_SECONDS, PHOTO_SECONDS, note, sourceClip, sourcePhoto, spawnFfmpeg, loudness, energyIn, db10 } from "./support/render-sources.ts";
import { bareRenderer } from "./support/render-bare.ts";

// The test database module reads this when the database is first opened (createTestApp below).
process.env.TEST_DB_KIND = "pglite";

const FITS = ["crop", "fit"] as const;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const TARGET_RATIO = 1.15;

/** ~300 words: the offline voice reads them in about two minutes. */
const NARRATION = [
  "This is the story of our week at Pine Lake camp, told by the campers of cabin seven.",
  "On the first morning we woke up before the sun and walked down to the dock in our sleeping bags.",
  "The water was so still that the trees on the far shore looked like they were standing on their own reflection.",
  "Our counselor Sam showed us how to paddle a canoe without going in circles, which took most of us all morning.",
  "By lunch time we could reach the little island and back, and nobody had fallen in yet.",
  "In the afternoon we built a raft from old barrels and rope, and we named it the Unsinkable Moose.",
  "It sank twice, but we pulled it out, tied the knots again, and on the third try it carried four of us across the bay.",
  "Every evening we climbed the hill behind the dining hall to watch the sunset over the lake.",
  "Maya brought her sketchbook and drew the clouds, and Leo counted the first stars as they came out.",
  "On Wednesday it rained all day, so we stayed in the craft hut and made lanterns from paper and jam jars.",
  "That night we carried the lanterns to the campfire, and the whole path glowed like a river of little lights.",
  "We sang the camp song three times, the last time so loud that the cabin across the lake sang back to us.",
  "Thursday was the big hike to Eagle Rock, six miles up through the forest with our lunches in our packs.",
  "At the top we could see five lakes, two villages and a hawk riding the wind right below us.",
  "On the way down we found wild blueberries, and most of them never made it back to camp.",
  "On the last night we wrote letters to ourselves, to open next summer when we come back.",
  "We learned that you can be brave and a little scared at the same time, and that friends make every hill smaller.",
  "Thank you for watching our story, and see you at Pine Lake next year.",
].join(" ");

const line = (msg: string) => console.log(`render bench: ${msg}`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Main

note(`${cpus().length} CPU(s), node ${process.version}, ffmpeg ${tools.ffmpeg}, ${ROUNDS} round(s)`);
const clipBytes = [await sourceClip("a", 0), await sourceClip("b", 1)];
const photoBytes = [await sourcePhoto(0), await sourcePhoto(1), await sourcePhoto(2)];

// Preparation starts as soon as the show is quiet (no 4 s debounce to wait out in a benchmark).
const app = await createTestApp({ VOICE_PROVIDER: "mespeak", RENDER_PREPARE_DEBOUNCE_MS: "0" });
const work = await mkdtemp(path.join(tmpdir(), "summer-stories-render-bench-"));
try {
  const camper = await registerCamper(app);
  const inject = async (method: "PATCH" | "PUT" | "GET", url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie: camper.cookie }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };
  const show = await createShow(app, camper.cookie, { videoFormat: FORMAT, title: "Our week at Pine Lake", narration: NARRATION });
  const [a, b] = [await uploadClip(app, camper, clipBytes[0]!, "Clip A"), await uploadClip(app, camper, clipBytes[1]!, "Clip B")];
  const photos = [];
  for (const [i, bytes] of photoBytes.entries()) {
    const photo = await uploadClip(app, camper, bytes, `Photo ${i + 1}`);
    await inject("PATCH", `/api/clips/${photo.id}`, { photoSeconds: PHOTO_SECONDS });
    photos.push(photo);
  }
  await inject("PUT", `/api/recordings/${show.id}/clips`, { clipIds: [photos[0]!.id, a.id, photos[1]!.id, b.id, photos[2]!.id] });
  await inject("PATCH", `/api/recordings/${show.id}`, {
    audioSource: "voice",
    captions: true,
    captionStyle: "word",
    music: MUSIC.track,
    musicLevel: MUSIC.level,
    transitions: true,
    titleCard: true,
    titleCardName: true,
  });

  const { db } = await testDatabase();
  const clipRows = await new ClipsRepository(db).videoClips(camper.userId, show.id);
  const stored = (key: string) => path.join(TEST_DATA_DIR, "media", ...key.split("/"));

  async function ours(round: number, fit: (typeof FITS)[number]): Promise<{ seconds: number; job: RenderJob }> {
    // A new title each round: the cards differ by a character, so nothing is reused.
    await inject("PATCH", `/api/recordings/${show.id}`, { title: `Our week at Pine Lake ${round}` });
    // A cold render: no part kept from an earlier round.
    await db.delete(schema.renderParts);
    const started = performance.now();
    const res = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: { fit } });
    if (res.statusCode !== 202) throw new Error(`render was not queued fresh: ${res.statusCode} ${res.body}`);
    const queued = res.json() as RenderJob;
    const ran = await app.renderWorker.runNext();
    const done = (await inject("GET", `/api/renders/${queued.id}`)) as RenderJob;
    const seconds = (performance.now() - started) / 1000;
    if (ran !== queued.id || done.status !== "done") throw new Error(`render ${queued.id} ended ${done.status}: ${done.message}`);
    return { seconds, job: done };
  }

  const { bareInputs, bareFolder, bare } = bareRenderer({ db, showId: show.id, clipRows, stored, work });

  const warmStarted = performance.now();
  const warm = await ours(0, "crop");
  note(`warm-up (voice-over made and stored, not counted): ${((performance.now() - warmStarted) / 1000).toFixed(1)} s, video ${warm.job.durationSeconds?.toFixed(2)} s`);

  const oursSeconds: number[] = [];
  const bareSeconds: number[] = [];
  let last = warm.job;
  for (let round = 1; round <= ROUNDS; round++) {
    const fit = FITS[(round - 1) % FITS.length]!;
    const o = await ours(round, fit);
    oursSeconds.push(o.seconds);
    last = o.job;
    note(`round ${round} (${fit}): ours ${o.seconds.toFixed(2)} s`);
    const x = await bare(o.job);
    bareSeconds.push(x);
    note(`round ${round} (${fit}): bare ${x.toFixed(2)} s`);
  }
  const videoSeconds = last.durationSeconds!;

  // The mix on our last MP4.
  const mp4 = await renderOutputPath(last.id);
  const { I, P } = await loudness(mp4);

  // Speech over the music under it: the same plan's mix pass once more, with its two stems written out.
  const { planInput, ass, sentences, timeline } = await bareInputs(last);
  const dir = await bareFolder(ass);
  const measureStems = { speech: "measure-speech.f32", music: "measure-music.f32" };
  const plan = buildRenderPlan({ ...planInput, output: path.join(dir, "unused.mp4"), measureStems });
  // Passes 1 and 2 only, as runRenderPasses runs them (no picture is needed).
  await spawnFfmpeg(plan.stemsArgs, dir);
  const stemLog = (file: string) => readFile(path.join(dir, file), "utf8").catch(() => "");
  await spawnFfmpeg(plan.mixArgs({ speechLufs: readStemLoudness(await stemLog(STEM_LOUDNESS_FILES.speech)), musicLufs: readStemLoudness(await stemLog(STEM_LOUDNESS_FILES.music)) }), dir);
  const asFloats = async (name: string) => {
    const bytes = await readFile(path.join(dir, name));
    return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  };
  const [speech, music] = [await asFloats(measureStems.speech), await asFloats(measureStems.music)];
  const windows = sentences.map((s) => ({ start: s.start + timeline.storyStartSeconds, end: s.end + timeline.storyStartSeconds }));
  const ratioIn = (ws: { start: number; end: number }[]) => {
    const sp = energyIn(speech, ws, 48000);
    const mu = energyIn(music, ws, 48000);
    return { d: db10(sp.sum / Math.max(mu.sum, 1e-12)), speechDb: db10(sp.sum / Math.max(sp.count, 1)), musicDb: db10(mu.sum / Math.max(mu.count, 1)) };
  };
  const whole = ratioIn(windows);
  const perSentence = windows.map((w) => ratioIn([w]).d);
  const gaps = windows.slice(1).map((w, i) => ({ start: windows[i]!.end + 0.45, end: w.start })).filter((g) => g.end - g.start > 0.05);
  const between = gaps.length ? energyIn(music, gaps, 48000) : undefined;
  await rm(dir, { recursive: true, force: true });

  // Render ahead: a settled show, then one caption changed.
  const readyAfterRender = async (): Promise<{ seconds: number; how: string }> => {
    const started = performance.now();
    const res = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: {} });
    if (res.statusCode >= 300) throw new Error(`render failed to start: ${res.statusCode} ${res.body}`);
    const job = res.json() as RenderJob;
    if (job.status !== "done") await app.renderWorker.runNext();
    const done = (await inject("GET", `/api/renders/${job.id}`)) as RenderJob;
    if (done.status !== "done") throw new Error(`render ${job.id} ended ${done.status}: ${done.message}`);
    const media = await app.inject({ method: "GET", url: done.mediaUrl!, headers: { cookie: camper.cookie, range: "bytes=0-65535" } });
    if (media.statusCode !== 206) throw new Error(`the video did not play: ${media.statusCode}`);
    return { seconds: (performance.now() - started) / 1000, how: job.status === "done" ? "adopted the prepared video" : "made in parts" };
  };
  await inject("PATCH", `/api/recordings/${show.id}`, { title: "Our week at Pine Lake, settled" });
  const prepareStarted = performance.now();
  await app.renderWorker.runPreparesUntilIdle();
  const prepared = app.renderWorker.lastParts;
  note(`background preparation ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s (${prepared?.videoPartsMade} of ${prepared?.videoParts} video parts made, sound ${prepared?.audioMade ? "made" : "kept"})`);
  const settled = await readyAfterRender();
  line(`settled show: ready ${settled.seconds.toFixed(2)} s after Render (${settled.how})`);
  await inject("PATCH", `/api/recordings/${show.id}`, { narration: NARRATION.replace("Maya brought", "Mia brought") });
  const changed = await readyAfterRender();
  const parts = app.renderWorker.lastParts!;
  line(
    `one caption changed ("Maya" -> "Mia", sentence 9 of 18): ready ${changed.seconds.toFixed(2)} s after Render (${changed.how}: ${parts.videoPartsMade} of ${parts.videoParts} video parts made, ${(parts.framesMade / 30).toFixed(1)} s of picture, sound ${parts.audioMade ? "made again" : "kept"})`,
  );

  const oursMedian = median(oursSeconds);
  const bareMedian = median(bareSeconds);
  const ratio = oursMedian / bareMedian;
  const speed = videoSeconds / oursMedian;
  for (let round = 1; round <= ROUNDS; round++) {
    const fit = FITS[(round - 1) % FITS.length]!;
    line(`round ${round} (fit ${fit}, ${FORMAT} 1080x1920, ${videoSeconds.toFixed(1)} s of video): ours ${oursSeconds[round - 1]!.toFixed(2)} s, bare ffmpeg ${bareSeconds[round - 1]!.toFixed(2)} s`);
  }
  line(`show: 2 clips x ${CLIP_SECONDS} s (720x1280 VP8+Opus), 3 photos x ${PHOTO_SECONDS} s (3000x2000 JPEG), voice-over ${planInput.voiceSeconds.toFixed(1)} s in ${sentences.length} sentences, story ${timeline.storySeconds.toFixed(1)} s, music ${MUSIC.track} (${MUSIC.level}), cards, word captions, cross-fades`);
  line(`median ours (POST to done, via runNext) ${oursMedian.toFixed(2)} s, median bare ffmpeg (same plan, spawn) ${bareMedian.toFixed(2)} s over ${ROUNDS} round(s); ratio target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}; speed target >= 1: ${speed >= 1 ? "met" : "NOT met"}`);
  line(`speech over music per sentence: worst ${Math.min(...perSentence).toFixed(1)} dB, best ${Math.max(...perSentence).toFixed(1)} dB; speech stem ${whole.speechDb.toFixed(1)} dBFS RMS, music under it ${whole.musicDb.toFixed(1)} dBFS RMS${between ? `, music between sentences ${db10(between.sum / Math.max(between.count, 1)).toFixed(1)} dBFS RMS` : ""} (in the mix before its final gain)`);
  console.log(`render (music, photos, cards, word captions): ratio ${ratio.toFixed(2)} of bare ffmpeg, ${speed.toFixed(2)} x real time`);
  console.log(`mix: integrated ${I.toFixed(2)} LUFS, true peak ${P.toFixed(2)} dBTP, speech over music ${whole.d.toFixed(2)} dB`);
  console.log(`ready after Render: ${settled.seconds.toFixed(2)} s (settled 2-minute show), ${changed.seconds.toFixed(2)} s after changing one caption`);
} finally {
  await app.close();
  await (await testDatabase()).close();
  await rm(work, { recursive: true, force: true });
  await rm(TEST_DATA_DIR, { recursive: true, force: true });
}
