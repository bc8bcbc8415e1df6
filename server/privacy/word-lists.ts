/**
 * Words that start with a capital in camp scripts and titles without being a person's surname: function
 * words (titles are often in Title Case), days and months, camp places and activities. A first name followed
 * by one of these is not a full name ("Summer Stories", "Maya And Friends", "Leo Camp Diary").
 */
const COMMON = `
a about above across after again against all almost also always am an and another any are around as at away
back be because been before behind being below best better between big both but by came can cannot come could
day days did do does doing done down during each either else end even ever every everyone everything far few
first for forever from fun funny get gets getting go goes going gone good got great had has have having he her
here hers him his home hope how i if in inside into is it its just last late later least left less let like little
long look lot lots made make many may me more most much must my near never new next nice night nights no not
nothing now of off often oh ok okay old on once one only or other our ours out outside over own part people
really right said same saw say see she side sides should since so some something soon still such sure take than thank
thanks that the their them then there these they thing things this those though through time times to today
together tomorrow too took top toward under until up us very was we week weeks well went were what when where
which while who why will with without would yes yesterday yet you your yours
club clubs fan fans kart adventure adventures amazing birthday happy merry awesome beginning best brave bravest challenge challenges chapter cool crazy
dream dreams epic ever favorite favourite final finally first friend friends friendship goodbye happy hello
journey last life lessons memories memory moment moments part rest story stories summer superstar team
teams wild wilder winner winners year years
monday tuesday wednesday thursday friday saturday sunday weekend
january february march april june july august september october november december
spring autumn fall winter
camp camper campers cabin cabins counselor counselors counsellor counsellors lake lakes river rivers creek
pond forest woods trail trails mountain mountains hill hills island beach dock canoe canoes kayak kayaks boat
boats campfire fire fires tent tents lodge hall field fields park mess tent arts crafts archery hike hikes
hiking swim swimming music dance drama theater theatre talent show shows film films video videos song songs
games game sports soccer football basketball baseball tennis volleyball capture flag color colour war wars
north south east west northern southern eastern western upper lower big little great
bay point valley ridge falls springs grove meadow meadows pines oaks cedar cedars maple maples birch willow
willows
mr mrs ms miss dr coach uncle aunt auntie grandma grandpa mom mum dad sister brother cousin
god lord jesus christmas easter halloween thanksgiving
english french spanish american canadian british
`;

export const COMMON_WORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

/** Words that end a street name. */
export const STREET_SUFFIXES = [
  "Street", "St", "Avenue", "Ave", "Road", "Rd", "Lane", "Ln", "Drive", "Dr", "Court", "Ct", "Boulevard", "Blvd",
  "Way", "Place", "Pl", "Terrace", "Circle", "Cir", "Crescent", "Close", "Highway", "Hwy", "Parkway", "Pkwy",
  "Trail", "Square", "Row", "Alley",
];

/** Words that make a place a school. */
export const SCHOOL_WORDS = ["School", "Academy", "Elementary", "Middle", "High", "Primary", "Secondary", "Intermediate", "Junior", "Prep", "Preparatory", "Montessori", "College"];

/**
 * Words before "School" that make it a kind of school, not a named one ("Summer School",
 * "Middle School", "Swim School").
 */
export const GENERIC_SCHOOL_WORDS: ReadonlySet<string> = new Set(
  `summer sunday swim swimming art arts drama dance music film cooking night day home old new big little middle
high elementary primary secondary junior senior grade public private boarding charter language driving
ski sailing surf riding camp my our your his her their the a an this that next last whole in at to from
every new coding code robotics science math stem karate gymnastics hockey soccer football basketball baseball tennis
police flight cheer`.split(/\s+/).filter(Boolean),
);

/**
 * Places a camper "goes to" that are no school: stores, parks and trips ("we go to Walmart", "we go to
 * Disney World"). States, countries and cities are in NOT_A_SURNAME.
 */
export const NOT_A_SCHOOL: ReadonlySet<string> = new Set(
  `disney disneyland world walmart target costco kroger safeway starbucks mcdonalds chipotle subway wendys
ikea legoland universal sea seaworld six flags cedar point grandma grandmas grandpa grandpas church mass
sunday hebrew bible vbs scouts chuck cheese cheeses`.split(/\s+/).filter(Boolean),
);

/**
 * Words a number can be followed by that make it a measure, not an age ("Leo is 12 feet tall"). Not "in":
 * "Leo turned 12 in July" is an age.
 */
export const UNIT_WORDS =
  /^(?:feet|foot|ft|inches|inch|meters|metres|meter|metre|m|cm|km|miles|mile|minutes|minute|mins|min|hours|hour|hrs|seconds|secs|days|day|weeks|week|months|month|degrees|percent|points|pts|laps|times|o'clock|am|pm|a\.m\.|p\.m\.|th|st|nd|rd|dollars|bucks|cents|pounds|lbs|kg|kilos|grams|steps|goals|pages|marshmallows|of)$/i;

export const NUMBER_WORDS: Record<string, number> = {
  five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14,
  fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};

export const DIGIT_WORDS = ["zero", "oh", "o", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

export const SOCIAL_PLATFORMS =
  "instagram|insta|ig|tiktok|tik tok|snapchat|snap|youtube|yt|twitter|x|discord|roblox|twitch|minecraft|fortnite|threads|facebook|fb|pinterest|reddit|steam|xbox|psn|whatsapp|telegram";

/**
 * Words that make a capitalised pair a place or a thing, not a person, when they stand where a surname
 * would: "Austin Texas", "Sydney Australia", "Lincoln Memorial", "Jackson Hole", "Hilton Garden Inn",
 * "Dallas Cowboys", "Ruby Red", "Grace Chapel". Words that are also common surnames (Washington, Houston,
 * Jordan, Green, Brown, King) are left out: a missed full name costs more than a false alarm.
 */
export const NOT_A_SURNAME: ReadonlySet<string> = new Set(
  `alabama alaska arizona arkansas california carolina colorado connecticut dakota delaware florida hawaii idaho
illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi
missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont wisconsin wyoming
ontario quebec alberta manitoba saskatchewan canada mexico england scotland ireland france spain italy germany
australia japan china india brazil korea europe africa asia chicago boston seattle denver atlanta miami orlando
detroit toronto vancouver montreal paris tokyo brooklyn manhattan philadelphia pittsburgh nashville memphis
vegas
memorial monument museum zoo aquarium stadium arena mall library hospital airport station bridge tower canyon
national county city resort plaza center centre garden gardens inn hotel motel hole chapel cathedral temple
tree trees
red blue pink purple orange yellow gold silver teal
cowboys mavericks rangers astros rockets texans broncos nuggets avalanche suns cardinals panthers hurricanes
hornets jaguars gators dolphins marlins buccaneers rays devils jays sox yankees mets giants jets knicks nets
islanders patriots celtics bruins eagles phillies sixers flyers steelers pirates penguins ravens orioles
commanders nationals capitals wizards falcons braves pelicans titans predators grizzlies colts pacers bengals
browns guardians cavaliers pistons packers bucks brewers vikings timberwolves chiefs seahawks mariners kraken
sounders warriors sharks raiders chargers clippers lakers dodgers padres spurs blazers`.split(/\s+/).filter(Boolean),
);
