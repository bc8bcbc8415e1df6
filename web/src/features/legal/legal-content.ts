// Static content for the Summer Stories legal pages (privacy, terms, cookies).
// Written for 11-14 year-old campers and their parents or guardians.
// Plain text only: no HTML in any string. ASCII quotes and apostrophes only.

export type LegalPageKey = "privacy" | "terms" | "cookies";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalPage {
  title: string;
  updated: string;
  summary: string;
  sections: LegalSection[];
}

const UPDATED = "November 23, 2026";

const privacy: LegalPage = {
  title: "Privacy Policy",
  updated: UPDATED,
  summary:
    "We only keep what you need to make your summer story, we never sell it or show it to anyone else, and you can delete it whenever you want.",
  sections: [
    {
      heading: "Who runs Summer Stories",
      paragraphs: [
        "Summer Stories is run by your camp, the organisation that hosts your summer camp. The app lives on the camp's own server.",
        "If you have a question, ask your camp leader or the camp office.",
      ],
    },
    {
      heading: "What we collect",
      paragraphs: [
        "We try to collect as little as we can. Here is everything:",
      ],
      list: [
        "A username and a password. We do not ask for your email, real name, age, phone number or location.",
        "Your answers to the five reflection prompts.",
        "The narration script the AI writer makes from your answers, and the tone, length and audience you pick.",
        "Video clips you record with your camera and microphone.",
        "For clips you record for a shot of your script: which of your lines each one says, and when each word was heard (the script check).",
        "A voice sample, but only if you choose to record one on the Voice Settings page.",
        "Finished videos (.mp4 files) that the app makes for you.",
        "Basic technical details in our server logs, like your IP address, the time, and which page you asked for.",
      ],
    },
    {
      heading: "Your password",
      paragraphs: [
        "Your password is never saved as plain text. It is turned into a one-way scrambled code (called an argon2id hash). Nobody, not even camp staff, can read it or turn it back into your password.",
      ],
    },
    {
      heading: "How your answers and clips are saved",
      paragraphs: [
        "While you type, your answers are saved in your browser on your device (this is called local storage). That way you don't lose your work. They are saved on the camp's server when you press Create Recording or Update Recording.",
        "The app only uses your camera and microphone after your browser asks you and you say yes. Each clip is first kept in your browser's storage on your device, so nothing is lost if the Wi-Fi drops. Then it is uploaded to the camp's server. Once the server confirms it has the whole clip, the copy on your device is deleted.",
      ],
    },
    {
      heading: "The AI writer and AI voice",
      paragraphs: [
        "An AI writer turns your answers into a narration script. Normally this is a built-in writer that runs on the camp's own server and sends nothing anywhere.",
        "Your camp can choose to connect an outside AI service instead. If it does, only your answers and the tone, length and audience you chose are sent to write the script. Your username and account details are never sent.",
        "An AI voice can read your script out loud. Normally this is a built-in voice on the camp's server. If your camp connects an outside voice service, only the script text is sent to it.",
        "Your voice sample stays on the camp's server. It is never sent anywhere unless you choose to send it. Voice cloning (copying your voice) is not available.",
      ],
    },
    {
      heading: "Checking your takes and captions",
      paragraphs: [
        "When you record a take for a shot, the app listens to it to check which of your lines you said, and shows you any you missed. The same listening helps the captions in your finished video match your voice.",
        "Normally this listening happens on the camp's own server. A program there listens only for the words of your script. Your recording is not sent anywhere else.",
        "Your camp can choose to connect an outside speech-to-text service instead. Only then is the sound of your takes and clips sent to that service, so it can write down the words it hears and when. Your script, username and account details are not sent with it.",
        "If the camp's server can't listen, the app may use your browser's own speech recognition while you record. Some browsers, like Chrome, do this by sending the sound to the company that made the browser. The app only gets the words your browser heard.",
      ],
    },
    {
      heading: "Who can see your stuff",
      paragraphs: [
        "Your shows are private. Only you can see your shows, clips and voice sample. There are no public profiles.",
        "We do not show ads. We do not sell or share your data with anyone.",
        "If you want to share a finished video on LinkedIn, YouTube, TikTok or Instagram, you download it and post it yourself. The app never posts anything for you.",
      ],
    },
    {
      heading: "How long we keep things",
      paragraphs: [],
      list: [
        "Shows, clips and voice samples stay until you delete them or delete your account.",
        "Deleting a show also deletes its clips and videos.",
        "Deleting your account (on the Profile page) deletes everything.",
        "Server logs are kept for up to 30 days to help keep the app safe, then removed.",
        "Counts of sign-in attempts (used to stop people guessing passwords) disappear after 15 minutes.",
      ],
    },
    {
      heading: "Your choices and parents' rights",
      paragraphs: [
        "You can delete any show, or your whole account, at any time.",
        "Parents and guardians can ask the camp to see or delete a camper's data. Just contact your camp leader or the camp office.",
        "If we change this policy, we will update the date at the top of this page.",
      ],
    },
  ],
};

const terms: LegalPage = {
  title: "Terms of Use",
  updated: UPDATED,
  summary:
    "Be kind, only film people who said yes, keep your password secret, and remember that what you make is yours.",
  sections: [
    {
      heading: "What these terms are",
      paragraphs: [
        "These are the rules for using Summer Stories. By using the app, you agree to follow them.",
        "Summer Stories is run by your camp, the organisation that hosts your summer camp. If anything here is confusing, ask your camp leader or the camp office. It's a good idea to read these with a parent or guardian too.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "You sign up with just a username and a password.",
      ],
      list: [
        "Keep your password secret. Don't share it, even with friends.",
        "Don't use someone else's account.",
        "If you think someone knows your password, tell your camp leader.",
        "You are responsible for what happens in your account.",
      ],
    },
    {
      heading: "Be kind and safe",
      paragraphs: [
        "Summer Stories is for telling the story of your summer. Please:",
      ],
      list: [
        "Be kind. No bullying, hate, threats or mean content about anyone.",
        "Only record people who agreed to be filmed. Ask first, every time.",
        "Don't upload other people's private information, like their full name, address, phone number or school details.",
        "Don't upload anything that isn't yours to share, or anything that breaks the law.",
        "Don't try to break, hack or overload the app, or get into other people's shows.",
      ],
    },
    {
      heading: "Your content stays yours",
      paragraphs: [
        "Your answers, clips, voice sample and videos belong to you. We only use them to run the app for you, like writing your script, reading it aloud and making your video.",
        "Your shows are private. Only you can see them. The app never posts anything for you.",
        "If you download a finished video and share it on LinkedIn, YouTube, TikTok or Instagram, that is your choice. Those sites have their own rules, so check them and talk to a parent or guardian first.",
      ],
    },
    {
      heading: "AI features",
      paragraphs: [
        "An AI writer turns your answers into a script, and an AI voice can read it aloud. AI can make mistakes or say things in a strange way. Always read your script and change anything that isn't right before you use it.",
        "Voice cloning (copying someone's voice) is not available.",
      ],
    },
    {
      heading: "When the camp can remove content",
      paragraphs: [
        "The camp may remove content that breaks these rules. If someone keeps breaking the rules, the camp may close their account.",
      ],
    },
    {
      heading: "Plans and payments",
      paragraphs: [
        "Summer Stories is free. The free plan holds up to 20 shows. If you reach the limit, you can delete an old show to make room.",
        "Paid plans are not available yet. Payments are marked Coming Soon, and nobody will be asked to pay.",
      ],
    },
    {
      heading: "How the service is provided",
      paragraphs: [
        "We work hard to keep Summer Stories running well, but it is provided as-is during the camp season. That means things might sometimes break, be slow or be offline, and features might change.",
        "Please download any finished videos you want to keep. You can delete your shows or your whole account at any time from the app.",
      ],
    },
    {
      heading: "Changes and questions",
      paragraphs: [
        "If we change these terms, we will update the date at the top of this page.",
        "Questions? Talk to your camp leader or the camp office. Parents and guardians can contact the camp office too.",
      ],
    },
  ],
};

const cookies: LegalPage = {
  title: "Cookie Policy",
  updated: UPDATED,
  summary:
    "We use just one cookie, and it only keeps you signed in. No ads, no tracking, no cookies from other companies.",
  sections: [
    {
      heading: "What is a cookie?",
      paragraphs: [
        "A cookie is a tiny file that a website saves in your browser. The website can read it the next time you visit, so it remembers things, like that you are signed in.",
      ],
    },
    {
      heading: "The one cookie we use",
      paragraphs: [
        "Summer Stories uses only one cookie: a sign-in session cookie. It is needed to keep you signed in while you move around the app. Without it, you would have to sign in on every page.",
      ],
      list: [
        "It lasts up to 14 days, or until you sign out, whichever comes first.",
        "When you sign out, your session is also ended on the camp's server, so the cookie stops working.",
        "It is HttpOnly. That means other code running in the page can't read it, which helps keep your account safe.",
      ],
    },
    {
      heading: "Cookies we don't use",
      paragraphs: [
        "We keep it simple. Summer Stories does not use:",
      ],
      list: [
        "Advertising cookies.",
        "Analytics cookies that track what you do.",
        "Tracking cookies that follow you to other websites.",
        "Third-party cookies from other companies.",
      ],
    },
    {
      heading: "Other storage in your browser",
      paragraphs: [
        "Besides the cookie, the app saves some things in your browser on your device. This is called local storage and IndexedDB. It is not used for tracking.",
      ],
      list: [
        "Autosaved answers: your answers to the reflection prompts are saved as you type, so you don't lose your work. They go to the camp's server when you press Create Recording or Update Recording.",
        "Clips not uploaded yet: each video clip is kept on your device until it has been uploaded. Once the camp's server confirms it has the whole clip, the copy on your device is deleted.",
      ],
    },
    {
      heading: "How to clear it",
      paragraphs: [
        "You are in control. Here is how to clear what is stored in your browser:",
      ],
      list: [
        "Sign out to end your session and stop the sign-in cookie from working.",
        "Use your browser's settings to clear cookies and site data for Summer Stories. This removes the cookie, autosaved answers and any clips on your device.",
        "Be careful: if a clip has not finished uploading yet, clearing site data will delete it for good. Wait until your clips are uploaded first.",
        "If you block all cookies, you won't be able to sign in, because the sign-in cookie is needed.",
        "On a shared computer, always sign out when you are done.",
      ],
    },
    {
      heading: "Questions",
      paragraphs: [
        "Summer Stories is run by your camp. If you or your parent or guardian have questions, ask your camp leader or the camp office.",
        "If we change this policy, we will update the date at the top of this page.",
      ],
    },
  ],
};

export const LEGAL_PAGES: Record<LegalPageKey, LegalPage> = {
  privacy,
  terms,
  cookies,
};
