import { PASSWORD_RULES, USERNAME_RULES } from "../../../contracts/auth.ts";
import { AI_GENERATION_COOLDOWN_MS, FREE_TIER_SHOW_LIMIT, VOICE_SAMPLE_MAX_SECONDS, targetWordCount } from "../../../contracts/product.ts";

/**
 * The app's built-in help, searched by answerHelpQuestion. It lives in code (not a Markdown file)
 * so it ships with the server build without any copying step. Keep each section about one task and
 * use the words a camper would type ("delete", "download", "TikTok").
 */
export interface HelpSection {
  title: string;
  body: string;
}

const cooldownSeconds = AI_GENERATION_COOLDOWN_MS / 1000;

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    title: "Signing in and creating an account",
    body:
      `To use Summer Stories you need an account. Create one with a username (${USERNAME_RULES.min} to ${USERNAME_RULES.max} letters, digits, dots, dashes or underscores) ` +
      `and a password of at least ${PASSWORD_RULES.min} characters, then sign in with the same username and password next time. ` +
      "On a shared computer, remember to sign out when you finish.",
  },
  {
    title: "The five reflection prompts",
    body:
      "Every show starts with five reflection prompts: Explain Summer Stories, Favorite Project, Favorite Part, " +
      "Best Shortcut in FCP (your favorite Final Cut Pro shortcut) and Conclusion. Answer each one in your own words. " +
      "Short answers are fine, but a few sentences give the narration more to work with. You can leave a prompt blank and it will be skipped.",
  },
  {
    title: "Saving your draft",
    body:
      "When you have answered the prompts, press Create Recording to save your show as a draft. " +
      "After that the button becomes Update Recording: press it whenever you change your answers or narration so your latest version is saved.",
  },
  {
    title: "Generating a narration with AI",
    body:
      "Press Generate AI Content to turn your answers into a narration script you can read aloud. Before you generate, choose a tone, " +
      `a video format and a length. After each generation there is a ${cooldownSeconds}-second cooldown: wait ${cooldownSeconds} seconds before you generate again. ` +
      "If no AI provider is connected, a built-in offline writer makes the narration from your own answers.",
  },
  {
    title: "Choosing a tone",
    body:
      "The tone sets how your narration sounds: Friendly & Casual, Professional & Formal, Excited & Energetic, or Clear & Explanatory. " +
      "Pick one before you press Generate AI Content. You can also ask for a different tone later with a custom AI request.",
  },
  {
    title: "Video formats and how long a video can be",
    body:
      "Choose the format for where you will share your video. LinkedIn and YouTube are wide 16:9 videos and can be up to 10 minutes (600 seconds) long. " +
      "YouTube Shorts and Instagram Stories are tall 9:16 videos of up to 60 seconds. TikTok is a tall 9:16 video of up to 3 minutes (180 seconds). " +
      `Lengths go in 30-second steps from 30 seconds, and the narration is written for about ${targetWordCount(60)} words per minute, the pace the built-in voices read at.`,
  },
  {
    title: "Editing the narration and Reset to Original",
    body:
      "You can edit the narration text directly: click in it and type, just like any text box. " +
      "If you change your mind, press Reset to Original to go back to the narration as it was generated. Remember to save with Update Recording.",
  },
  {
    title: "Downloading the narration as text",
    body:
      "To keep a copy of your script, use the download button next to the narration. It saves the narration as a plain text file " +
      "that you can open, print or share with your camp leader.",
  },
  {
    title: "Custom AI requests",
    body:
      "You can ask the AI to change your narration in your own words. " +
      'Type a request such as "make it shorter", "make it sound more excited" or "use simpler words" and send it. ' +
      "The built-in offline writer can make it shorter or longer, simpler, change the tone, fix punctuation, switch between first and third person, and remove emojis. " +
      "Other requests need an AI provider, which your camp leader can connect.",
  },
  {
    title: "Show titles",
    body:
      "Each show gets a short title made from the key words of your story. You can change the title to anything you like before you save.",
  },
  {
    title: "Recording video clips",
    body:
      "To record, allow the app to use your camera and microphone when the browser asks. Press record to film a clip and stop when you are done. " +
      "Press Record Another to add more clips. Each clip is saved on your device first and uploaded while you keep recording, so a weak connection does not lose your work.",
  },
  {
    title: "Reordering clips",
    body:
      "Change the order of your clips by dragging them up or down the list. You can also move a clip with the keyboard: " +
      "move focus to the clip's drag handle and use the arrow keys.",
  },
  {
    title: "Using the teleprompter",
    body:
      "The teleprompter shows your narration on screen while you record, so you can read it while looking at the camera. " +
      "Sit close to the screen and read at a calm, steady pace.",
  },
  {
    title: "My Shows list and show details",
    body:
      "My Shows lists every show you have made, newest first, ten to a page. Open a show to see its details: your answers, the narration, its clips and its video.",
  },
  {
    title: "Deleting a show",
    body:
      "To delete a show, open it from My Shows and choose Delete, then confirm. Deleting removes the show with its answers, narration and clips, and it cannot be undone.",
  },
  {
    title: "Your profile and the free plan's show limit",
    body:
      `Your profile shows your account details and your most recent shows. On the free plan you can keep up to ${FREE_TIER_SHOW_LIMIT} shows. ` +
      "When you reach the limit, delete an old show to make room for a new one.",
  },
  {
    title: "Pricing and plans",
    body:
      "Summer Stories is free to use on the free plan. Paid plans for organisations and events are Coming Soon, and the pricing page will show them when they are ready.",
  },
  {
    title: "AI voice and your cloned voice",
    body:
      "Instead of reading the narration yourself, you can let an AI voice read it. Choose Cloned Voice to use a voice made from your own voice samples, " +
      "press Generate AI Voice to create the audio, then press Play AI Voice to listen to it.",
  },
  {
    title: "Recording voice samples on Voice Settings",
    body:
      `Open Voice Settings to record a voice sample for your cloned voice. Each sample can be up to ${VOICE_SAMPLE_MAX_SECONDS} seconds long. ` +
      "Record in a quiet place, hold the microphone steady and speak in your normal voice.",
  },
  {
    title: "Downloading your final video",
    body:
      "When your video is ready, download it as an .mp4 file for each format you chose: LinkedIn and YouTube in wide 16:9, " +
      "and YouTube Shorts, TikTok and Instagram Stories in tall 9:16. Then upload the file to the site you want to share it on.",
  },
  {
    title: "Privacy and deleting your data",
    body:
      "Your answers, narrations, clips and voice samples are stored with your account so you can come back to them. " +
      "You can delete any show at any time, and that removes its clips and narration. To remove your whole account and all of its data, ask your camp leader.",
  },
  {
    title: "Keyboard shortcuts and accessibility",
    body:
      "You can use Summer Stories with the keyboard: press Tab to move between buttons and fields, and Enter or Space to press a button. " +
      "Press F8 to jump to the notifications area to read the latest message. Clips can be reordered with the arrow keys.",
  },
  {
    title: "Camera or microphone not working",
    body:
      "If the camera or microphone does not start, check that your browser has permission to use them (look for the camera icon in the address bar), " +
      "close other apps that might be using the camera, then reload the page and try again.",
  },
];

/** Said when someone greets the helper or asks what it can do. */
export const HELP_INTRO =
  "Hi! I'm the Summer Stories helper. Ask me how to do something in the app, for example how to generate a narration, record clips, or download your video.";

/** Topics offered when a question matches nothing. */
export const HELP_SUGGESTED_TOPICS = [
  "answering the reflection prompts",
  "generating a narration",
  "recording clips and using the teleprompter",
  "AI voice and voice samples",
  "video formats and lengths",
  "downloading your video",
  "deleting a show",
] as const;
