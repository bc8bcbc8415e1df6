/** Text campers write that caption formats would read as markup, plus emoji and right-to-left scripts. */
export const TRICKY_CAPTIONS = [
  "I <3 camp & friends",
  "We yelled --> go",
  "Curly {fun} braces",
  "Back\\N slash \\h here",
  "<b>not bold</b> &amp; more",
  "Fire 🔥 and 😀 smiles",
  "שלום camp مرحبا",
];
