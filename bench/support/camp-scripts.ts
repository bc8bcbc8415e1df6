/** Twelve short camp scripts, three to six sentences each (48 sentences). */
export const SCRIPTS = [
  "Hi everyone! This summer I learned to film with a real camera. My favorite shot was the lake at sunrise. I can't wait to show you.",
  "Our group made a short movie about a lost sock. We built every set out of cardboard. It took three days to film. Everyone laughed at the ending.",
  "I was nervous on the first day. Then I met my cabin mates. By the end of the week we were best friends.",
  "The hardest part was editing. I had to cut my favorite scene to keep the story short. Now I know that less can be more. My counselor helped me a lot. I am proud of the final video.",
  "We went canoeing on the river. I steered the boat for the first time. We only tipped over once. It was cold but really fun.",
  "At night we sat around the campfire. We told stories and sang songs. I recorded the sounds of the crickets for my video.",
  "My project was an interview with the camp cook. She has worked here for twenty years. She told me the secret of her pancakes. I will keep that secret forever. Her kitchen was the warmest place at camp.",
  "I learned how to plan a video before filming it. First we write a script. Then we draw the shots on paper. Finally we go out and film.",
  "The talent show was the best night of camp. My friend played the guitar while I filmed. The whole hall was clapping. I still watch that clip every day. It reminds me of the people I met. Next summer I want to be on stage myself.",
  "Filming animals takes patience. I waited an hour to see a deer. When it finally came, I forgot to press record.",
  "We had a rainy day indoors. Our team made a stop motion film with clay. Each second needed twelve photos. My hands were covered in clay by lunch.",
  "Thank you for watching my summer story. Camp taught me to try new things. I hope you enjoyed it as much as I did. See you next year!",
];
