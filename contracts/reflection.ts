/**
 * The five reflection prompts. Their ids and labels are stored with every show, so they never change; the
 * sentence starters and placeholders to us; they are written for middle-schoolers at a camp where
 * they plan, film and edit videos.
 */
export const REFLECTION_PROMPTS = [
  {
    id: "context",
    label: "Explain Summer Stories",
    prompt: "Summer Stories is a camp where we...",
    placeholder: "e.g. Summer Stories is a camp where we plan, film and edit our own videos with friends.",
  },
  {
    id: "insight",
    label: "Favorite Project",
    prompt: "The project I'm proudest of this summer is... because...",
    placeholder: "e.g. Our stop-motion short about a lost sock, because we built every set ourselves.",
  },
  {
    id: "value",
    label: "Favorite Part",
    prompt: "My favorite part of camp was... and it mattered to me because...",
    placeholder: "e.g. Filming at the lake at sunrise. I learned to be patient and wait for the light.",
  },
  {
    id: "third",
    label: "Best Shortcut in FCP",
    prompt: "The Final Cut Pro shortcut that saved me the most time is... I use it to...",
    placeholder: "e.g. The B key for the blade tool. I use it to cut clips right on the beat.",
  },
  {
    id: "actions",
    label: "Conclusion",
    prompt: "After this summer I want to... and I'd tell someone thinking about joining that...",
    placeholder: "e.g. Make a music video with my cousin, and I'd tell them to just start filming.",
  },
] as const;

export type ReflectionPromptId = (typeof REFLECTION_PROMPTS)[number]["id"];
