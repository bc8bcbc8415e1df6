/**
 * Twelve short camp scripts, three to six sentences each (48 sentences), as a camper might read them
 * into the camera: shared by the take check's test and the benchmarks, so their figures are about the
 * same words.
 */
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

/**
 * Per script, something else a camper might say into the camera instead of its lines (chatter about
 * the day, another topic): the same kind of everyday words, none of the script's sentences. A take of
 * this against the script's lines must find (almost) nothing said.
 */
export const UNRELATED = [
  "My little brother has a red bicycle. He rides it to school every morning. Yesterday the chain fell off again.",
  "The bus to the city leaves at noon. We bought tickets at the station. Grandma waited for us with sandwiches.",
  "Our dog likes to sleep on the sofa. Mom says he is not allowed up there. He jumps down when he hears her keys.",
  "Is this thing recording? Wait, let me fix my hair. Okay, the light is too bright here. Let's try again from the door.",
  "Math homework takes me forever. Fractions are still confusing. My sister explains them with pizza slices. That actually helps.",
  "The soccer match ended in a tie. Our goalie saved a penalty. Coach bought everybody ice cream after the game.",
  "I collect rocks from the beach. The smooth green ones are my favorite. I keep them in a glass jar by the window.",
  "Winter is my favorite season. We build snow forts in the backyard. Hot chocolate tastes better after sledding.",
  "My phone battery is almost dead. Can somebody lend me a charger? I need to call my parents before dinner.",
  "The library has a new robot kit. You can program it to draw circles. Only two kids can use it at once.",
  "Grandpa grows tomatoes and beans. Every August we make sauce together. The kitchen smells amazing for days.",
  "The museum trip was on Tuesday. We saw a huge dinosaur skeleton. The gift shop sold tiny plastic fossils.",
];

/** The table the take check is measured on: each script's lines and what else a camper might say. */
export const CAMP_TAKE_TABLE: readonly { lines: string; unrelated: string }[] = SCRIPTS.map((lines, i) => ({ lines, unrelated: UNRELATED[i]! }));
