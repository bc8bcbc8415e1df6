-- Failed renders used to show ffmpeg's own output to the camper; they now read plain words (the
-- details go to the server's log). Renders that failed before keep no ffmpeg text either.
UPDATE "render_jobs"
SET "message" = 'We couldn''t finish your video. Try again; if it keeps happening, ask a counselor.'
WHERE "status" = 'failed'
  AND ("message" LIKE 'A clip could not be decoded or combined (%'
    OR "message" LIKE 'The video tool could not start: %'
    OR "message" LIKE 'The video tool crashed (%');
