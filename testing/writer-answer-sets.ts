/**
 * Answer sets as campers write them to the five reflection prompts (what is the camp, favourite
 * project, best moment, a tool or trick, next summer): short, long, full of lists, names, questions,
 * emoji, one-word answers, sign-offs of their own. The offline writer's test and `npm run bench:ai`
 * check every draft of every set sentence by sentence, so their figures are about the same answers.
 */
export interface AnswerSet {
  name: string;
  responses: string[];
}

export const ANSWER_SETS: readonly AnswerSet[] = [
  {
    name: "the issue's list answer",
    responses: [
      "Summer Stories is a camp where we plan, film and edit our own short videos with friends from all over town.",
      "My favorite project was our stop-motion short about a lost sock, because we built every set ourselves out of cardboard.",
      "The best part was filming at the lake at sunrise; I learned to be patient and wait for the light.",
      "The blade tool shortcut B saved me the most time, I use it to cut clips right on the beat.",
      "Next summer I want to make a music video with my cousin. Thanks for watching, see you next summer!",
    ],
  },
  {
    name: "skills as lists",
    responses: [
      "At camp I learned to trim clips, add music, color grade my footage and export for phones.",
      "We planned, filmed, edited and premiered a three-minute documentary about the camp garden.",
      "My favorite moments were the night hike, the talent show, the water fight and the last campfire.",
      "I used the ripple tool, the razor tool, keyframes and a lot of undo.",
      "Next year I want to learn sound design, lighting, and how to direct actors.",
    ],
  },
  {
    name: "long lists of names",
    responses: [
      "My team was Jordan, Priya, Mateo, Aisha, Lily and me, and we called ourselves the Night Owls.",
      "We made a mystery movie where Jordan played the detective, Priya played the thief and Mateo was the butler.",
      "Aisha, Lily, Mateo and I stayed up late fixing the sound, but it was worth it.",
      "Counselor Dana showed us the J, K and L shortcuts for playing, pausing and rewinding.",
      "I want to come back with Jordan, Priya and my little sister Rosa.",
    ],
  },
  {
    name: "one-word answers",
    responses: ["Fun", "Editing", "Friends", "Shortcuts", "Awesome"],
  },
  {
    name: "one word with emoji",
    responses: ["Amazing 🤩", "Lake 🌊", "Friends ❤️", "Music 🎵", "Again! 🔁"],
  },
  {
    name: "short plain answers",
    responses: [
      "It is a video camp.",
      "I made a movie about my cat.",
      "Showing it to my family.",
      "The cut tool.",
      "Come back.",
    ],
  },
  {
    name: "questions",
    responses: [
      "Have you ever made a movie with your friends? That is what Summer Stories is about.",
      "Can you guess what my favorite project was? It was a cooking show starring a rubber chicken.",
      "What was the best part? Definitely the premiere night, when everyone watched our films on the big screen.",
      "Did you know you can press S to split a clip? It saved me so much time.",
      "Will I come back next summer? Absolutely, and I will bring my brother.",
    ],
  },
  {
    name: "emoji everywhere",
    responses: [
      "Summer Stories is the best camp ever 🎬🎥✨",
      "We made a music video 🎵 with dancing, lip syncing and slow motion 💃",
      "The best part was the pool party 🏊‍♀️🎉 after the premiere!",
      "Transitions 😎 especially the whip pan, the fade and the jump cut.",
      "I want to come back 🙏🙏 and make a horror movie 👻",
    ],
  },
  {
    name: "long answers with many sentences",
    responses: [
      "Summer Stories is a day camp for kids who like making videos. Every morning we meet in the art room and talk about what we want to film. Then we split into teams of four. Each team has a counselor who helps with the cameras. In the afternoon we edit on laptops, and on Fridays we show what we made to everyone.",
      "My favorite project was a nature documentary about the ducks in the pond behind the camp. We filmed them for three mornings in a row. I was in charge of the narration, so I wrote the script and recorded it in a quiet closet. The hardest part was getting the ducks to do anything interesting. In the end we used a lot of slow motion.",
      "The best part was the premiere night. Our parents came and sat on folding chairs in the gym. When our documentary started, everyone went quiet. At the end people clapped, and my dad said it was better than television. I felt really proud.",
      "I learned that the J and L keys play backwards and forwards, and pressing them twice makes it faster. That helped me find the exact frame I wanted. I also learned to always back up my project. One boy on our team lost a whole day of work because he forgot.",
      "Next summer I want to try animation. I have been practicing flip books at home. I also want to make a longer movie with real actors. Maybe I will even write a script with jokes in it.",
    ],
  },
  {
    name: "run-on answers without punctuation",
    responses: [
      "summer stories is a camp where you make videos and learn editing and meet new people and it is really fun",
      "my favorite project was the zombie movie we made in the woods with fake blood and torn shirts and we screamed a lot",
      "the best part was when the whole camp watched our zombie movie and laughed at the part where the zombie trips",
      "i used the razor tool and the speed ramp and the color wheels to make it look scary",
      "next summer i want to make a sequel with more zombies and a bigger budget",
    ],
  },
  {
    name: "clauses joined by but, so and because",
    responses: [
      "Summer Stories is a film camp, but it is also a place to make friends.",
      "My favorite project was a commercial for a fake cereal, because we got to eat a lot of cereal while filming.",
      "The best part was the rainstorm on Tuesday, so we filmed a scene with real thunder in it.",
      "The audio meter helped me, although I ignored it at first and my voice came out too loud.",
      "Next summer I want to be the director, while my friend Nora runs the camera.",
    ],
  },
  {
    name: "semicolons",
    responses: [
      "Summer Stories is a camp for young filmmakers; we spend two weeks making movies.",
      "My favorite project was a silent film; we used title cards, piano music and exaggerated faces.",
      "The best moment was the screening; my grandma cried a little.",
      "Markers saved me; I put one on every beat of the song.",
      "Next summer I will try a western; I already have a cowboy hat.",
    ],
  },
  {
    name: "camper's own sign-off",
    responses: [
      "It's a camp where we make videos.",
      "I made a skateboarding video with my friends.",
      "Landing a kickflip on camera.",
      "Slow motion.",
      "Thanks for watching! Bye!",
    ],
  },
  {
    name: "sign-off in the middle",
    responses: [
      "Summer Stories is a video camp by the lake.",
      "We filmed a cooking show, and I was the chef.",
      "Thank you for listening so far. The best part was the final show.",
      "Cutting on the beat made our trailer exciting.",
      "I will be back next year for sure.",
    ],
  },
  {
    name: "several sign-offs",
    responses: [
      "Hi everyone! Summer Stories is where I learned to make films.",
      "My favorite project was a fake news broadcast about the camp food.",
      "The best part was the bloopers. Thanks for watching!",
      "The title tool was easy to use.",
      "See you next summer! Bye!",
    ],
  },
  {
    name: "names and places",
    responses: [
      "Summer Stories at Camp Willow Creek is run by Ms. Alvarez and Mr. Chen.",
      "Our project with Dr. Patel's science club was a video about how bees make honey.",
      "The best part was visiting St. Mary's Farm, where Farmer Joe let us film the hives.",
      "Ms. Alvarez taught us the rule of thirds, and it made every shot look better.",
      "Next summer I hope to film at Lake Tahoe with my aunt Sofia.",
    ],
  },
  {
    name: "very short and very long mixed",
    responses: [
      "Great.",
      "My favorite project was a fifteen-minute fantasy film about a girl who finds a map in her grandmother's attic, follows it into the forest, meets a talking fox, solves three riddles at an old bridge, and finally discovers that the treasure is a box of letters her grandmother wrote when she was our age.",
      "Premiere.",
      "Keyframes, masks and the pen tool.",
      "Yes.",
    ],
  },
  {
    name: "blank answers",
    responses: ["", "We made a video about recycling.", "   ", "", "I'd come back."],
  },
  {
    name: "only one answer",
    responses: ["Summer Stories taught me to tell a story with pictures, and I loved every minute of it."],
  },
  {
    name: "lists with or",
    responses: [
      "At Summer Stories you can act, film, edit or write, whatever you like best.",
      "For my project I could choose a comedy, a drama or a documentary, and I picked comedy.",
      "The best part was choosing between the zip line, the climbing wall or the canoe for our chase scene.",
      "You can drag, nudge or type a number to move a clip.",
      "Next summer I will try acting, directing or maybe both.",
    ],
  },
  {
    name: "numbers and times",
    responses: [
      "Summer Stories lasts 2 weeks, from 9 to 3 every day.",
      "Our film was 4 minutes long and had 37 shots.",
      "The best part was at 6:30 in the morning, when the fog was still on the water.",
      "I used 24 frames per second and a 180 degree shutter.",
      "In 2027 I want to make a 10 minute movie.",
    ],
  },
  {
    name: "exclamations",
    responses: [
      "Summer Stories is SO much fun!!!",
      "We made a superhero movie!!! I was Captain Pancake!",
      "The explosion effect!!! Everyone screamed!",
      "Green screen!!! It is magic!",
      "I am definitely coming back!!!",
    ],
  },
  {
    name: "quotes and dialogue",
    responses: [
      "My counselor said, \"Summer Stories is where you find your voice,\" and I think she was right.",
      "Our film was called \"The Last Marshmallow\" and it was about a campfire mystery.",
      "When the lights came on, my friend shouted \"Again!\" and everyone laughed.",
      "The shortcut I love is Ctrl+Z, because \"undo\" fixes everything.",
      "I told my mom, \"Sign me up for next year,\" before we even got to the car.",
    ],
  },
  {
    name: "parentheses and dashes",
    responses: [
      "Summer Stories (the video camp at the library) is two weeks long.",
      "My favorite project was a music video - my cousin sang and I filmed.",
      "The best part was the premiere, with popcorn (lots of it) and a red carpet.",
      "Ripple delete - the best button ever - closes the gap by itself.",
      "Next summer I want to try drone shots (if my parents say yes).",
    ],
  },
  {
    name: "lower case with i",
    responses: [
      "i think summer stories is a camp for people who like movies.",
      "i made a video about my grandma's garden and i filmed the tomatoes growing.",
      "i liked the last day the most because we had a party.",
      "i used the crop tool a lot.",
      "i want to come back and i want to bring my friend.",
    ],
  },
  {
    name: "first person plural lists of actions",
    responses: [
      "We wrote scripts, drew storyboards, scouted locations and held auditions in the first week.",
      "Our team built a spaceship out of boxes, painted it silver, and filmed it against the night sky.",
      "We laughed, we argued, we fixed our mistakes, and we finished on time.",
      "We labeled every clip, sorted them into folders and saved versions every hour.",
      "We will come back, make a sequel and win the audience award.",
    ],
  },
  {
    name: "adjective lists",
    responses: [
      "Summer Stories is creative, friendly, loud and a little bit chaotic.",
      "Our film was funny, weird, colorful and only three minutes long.",
      "The premiere was exciting, nerve-wracking and totally worth it.",
      "The trimming tool is quick, simple and hard to break.",
      "Next summer will be bigger, better and longer.",
    ],
  },
  {
    name: "feelings",
    responses: [
      "Summer Stories felt like a second home to me.",
      "I was scared to share my project at first, but my friends helped me feel brave.",
      "When people laughed at my jokes, I felt proud and happy and a little shy.",
      "I learned that it is okay to make mistakes, because you can always edit them out.",
      "I miss everyone already, and I can't wait for next summer.",
    ],
  },
  {
    name: "new camper, very brief",
    responses: ["Video camp.", "A vlog.", "Pizza day.", "Undo.", "Maybe."],
  },
  {
    name: "multilingual words",
    responses: [
      "Summer Stories es muy divertido, it is the best camp in town.",
      "My project was about my abuela's empanadas and how she makes them.",
      "The best part was the fiesta on the last day, with music, dancing and piñatas.",
      "I used subtitles so my family in México can watch too.",
      "Next summer I want to film in two languages.",
    ],
  },
  {
    name: "markup and stray symbols",
    responses: [
      "<b>Summer Stories</b> is a camp &amp; a club for film makers.",
      "My project -- a comedy -- was about a cat & a dog who swap lives.",
      "The best part: the premiere * the popcorn * the applause.",
      "Shortcut: Ctrl + S saves everything ~ always use it.",
      "Next summer: more films, more friends, more fun.",
    ],
  },
  {
    name: "line breaks as sentences",
    responses: [
      "Summer Stories\nfilm camp\nfor kids",
      "My project\nA horror movie in the basement",
      "best part\nthe screaming",
      "J K L\nthey play the video",
      "Next summer\nmore horror",
    ],
  },
  {
    name: "bulleted lists",
    responses: [
      "What we do at Summer Stories:\n- plan a story\n- film it\n- edit it\n- show it on the big screen",
      "My favorite projects were\n* the lost sock movie\n* the cereal commercial\n* the duck documentary",
      "Best moments:\n1. the premiere\n2. the water fight\n3. the last campfire",
      "Tools I use all the time:\n\u2022 the blade tool\n\u2022 ripple delete\n\u2022 markers",
      "Next summer I want to learn:\n- animation\n- sound design\n- lighting",
    ],
  },
  {
    name: "a list broken across lines",
    responses: [
      "At Summer Stories we plan,\nfilm and edit our own short videos.",
      "I learned to trim clips,\nadd music\nand export for phones.",
      "The best part was the lake\nat sunrise with my friends.",
      "I like the J, K\nand L keys.",
      "Next summer:\nmore films, more friends, more fun.",
    ],
  },
  {
    name: "lists ending in etc.",
    responses: [
      "Summer Stories has cameras, lights, microphones, etc. and counselors who show you how to use them.",
      "My project had a villain, a sidekick, a chase, etc. It was a full action movie.",
      "The best part was the snacks, the games, the premiere, etc. and of course my friends.",
      "I used cuts, fades, titles, etc. to make it look professional.",
      "Next summer I want to try drones, gimbals, green screens, etc.",
    ],
  },
  {
    name: "a sign-off with our tone's words",
    responses: [
      "Summer Stories is where I made my first real film.",
      "My favorite project was a spy movie shot in the cafeteria.",
      "The best part was the chase scene through the kitchen.",
      "The speed tool let us make the chase look really fast.",
      "Thank you for your time and attention.",
    ],
  },
  {
    name: "two-item lists everywhere",
    responses: [
      "Summer Stories is about stories and friendship.",
      "My favorite project mixed drawings and real footage.",
      "The best part was the sunrise and the sunset shoots.",
      "Cut and paste saved my whole project.",
      "Next summer I want to learn animation and sound.",
    ],
  },
  {
    name: "because answers",
    responses: [
      "Summer Stories is special because everyone gets to be a director.",
      "My favorite project was the puppet show because I made the puppets myself.",
      "The best part was the screening because my whole family came.",
      "The crop tool helped because my shots were a little crooked.",
      "I want to come back because there is so much more to learn.",
    ],
  },
  {
    name: "long single sentences with lists",
    responses: [
      "Summer Stories is a camp where campers from all over the county come together for two weeks to brainstorm ideas, write scripts, build props, film scenes, record voice-overs, edit everything together and finally share their movies with friends and family at a big premiere in the town hall.",
      "My favorite project was a documentary about the old lighthouse, for which we interviewed the keeper, filmed the stairs, the lamp, the rocks and the waves, and recorded the foghorn at dawn.",
      "The best moment was when the power went out during the premiere and we all sang songs in the dark until it came back.",
      "The most useful trick was using markers, snapping and the ripple tool together so the cuts land on the beat.",
      "Next summer I want to write, direct, and edit a short film about my neighborhood, my school, and my friends.",
    ],
  },
  {
    name: "many short sentences",
    responses: [
      "It's a camp. We make videos. It's fun. I like it.",
      "We made a comedy. It was about a dog. The dog was my dog. His name is Biscuit.",
      "The best part was the end. Everyone clapped. I smiled. Biscuit barked.",
      "I like the cut tool. It is fast. It is easy.",
      "I will come back. I will make more videos. I promise.",
    ],
  },
  {
    name: "audience-minded answers",
    responses: [
      "Summer Stories is a place where you can try filmmaking for the first time.",
      "I made a tutorial about how to tie knots, for my scout troop.",
      "The best part was seeing younger kids learn from my tutorial.",
      "I used zoom and text labels so every step was clear.",
      "Next summer I want to make tutorials about cooking, knots and first aid.",
    ],
  },
  {
    name: "weather and nature",
    responses: [
      "Summer Stories is held at a camp in the mountains.",
      "We made a time-lapse of clouds rolling over the peaks, which took four hours to record.",
      "The best part was the thunderstorm, so we ran inside and filmed the rain on the windows.",
      "The stabilizer kept my shots smooth on the rocky trail.",
      "Next summer I want to film the stars, the moon and maybe a meteor shower.",
    ],
  },
  {
    name: "sports",
    responses: [
      "Summer Stories is a camp for making videos about anything, even sports.",
      "My project was a highlight reel of our soccer games, with slow motion, music and scores on screen.",
      "The best part was scoring a goal while my friend filmed it.",
      "Freeze frames made the best moments pop.",
      "Next summer I want to film basketball, baseball and swimming.",
    ],
  },
  {
    name: "apostrophes and contractions",
    responses: [
      "Summer Stories isn't just a camp, it's a family.",
      "We didn't have much time, but we'd planned every shot.",
      "I'll never forget the premiere; it's the best night I've had.",
      "Don't forget to save; that's my tip.",
      "I can't wait to come back, and I'm already planning my next film.",
    ],
  },
];
