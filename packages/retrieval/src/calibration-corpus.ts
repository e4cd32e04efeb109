/** One paragraph of the calibration corpus and the subject it is about. */
export interface CalibrationText {
  /** A short label; two texts with different subjects are unrelated by construction. */
  subject: string;
  /** A paragraph of ordinary prose about the subject. */
  text: string;
}

/**
 * Paragraphs on unrelated subjects, written for this package. Every pair from different subjects
 * is a pair that must NOT be retrieved for each other, so the scores an embedder gives these pairs
 * are its noise band. A third of the subjects are technical, because project memory is technical
 * and unrelated technical texts share more vocabulary than a recipe and a tide table do.
 */
export const CALIBRATION_CORPUS: readonly CalibrationText[] = [
  {
    subject: 'bread baking',
    text: 'A sourdough loaf rises because wild yeast and lactic bacteria ferment the flour. Feed the starter twice a day, mix it with water and salt, and let the dough rest overnight in a cool place. Bake it in a preheated cast iron pot so the crust blisters and the crumb stays open and chewy.',
  },
  {
    subject: 'tides',
    text: 'Tides follow the pull of the moon and, to a lesser degree, the sun. When both line up at new and full moon the range is largest, the spring tides; at the quarters the neap tides barely move the water. Harbour tables list the times of high and low water for each coastal port.',
  },
  {
    subject: 'beekeeping',
    text: 'A healthy colony needs a laying queen, enough stored honey for winter and a hive that keeps out damp. Inspect the frames every week in spring, look for capped brood, and add a super when the bees crowd the top box. Varroa mites are treated after the harvest, never while honey is being collected.',
  },
  {
    subject: 'chess openings',
    text: 'The Sicilian Defence answers the king pawn with the c-pawn, giving Black an unbalanced game and counterattacking chances on the queenside. White usually castles short and storms the kingside with pawns. Players memorise long lines of theory, but understanding the typical plans matters more than rote moves.',
  },
  {
    subject: 'marathon training',
    text: 'Most marathon plans build weekly mileage slowly over sixteen weeks, with one long run each weekend that grows to about thirty kilometres. Easy runs should feel conversational. Taper for the final two weeks, keep eating carbohydrates, and practise drinking at race pace so the stomach copes on the day.',
  },
  {
    subject: 'volcanoes',
    text: 'Shield volcanoes such as those in Hawaii erupt runny basalt that flows for kilometres, while stratovolcanoes build steep cones from sticky lava and ash. Explosive eruptions happen when gas trapped in viscous magma expands suddenly. Geologists watch ground swelling and sulphur dioxide emissions for warning signs.',
  },
  {
    subject: 'knitting',
    text: 'Cast on with a long tail so the edge stays elastic, then alternate knit and purl rows for stockinette. A gauge swatch tells you how many stitches fit in ten centimetres; skip it and the sweater will not fit. Block the finished piece by soaking it and pinning it flat to dry.',
  },
  {
    subject: 'tax returns',
    text: 'Self-employed workers must report their income and may deduct business expenses such as equipment, travel and a share of home office costs. Keep receipts for at least six years. Quarterly estimated payments avoid a penalty at the end of the year, and late filing adds interest on whatever remains unpaid.',
  },
  {
    subject: 'orchids',
    text: 'Moth orchids prefer bright indirect light and dislike sitting in water. Let the bark mix nearly dry between waterings, then soak the pot and drain it completely. A cooler night temperature in autumn encourages a new flower spike, which can bloom for three months.',
  },
  {
    subject: 'roman history',
    text: 'Augustus ended the civil wars of the late Republic and became the first emperor while keeping the outward forms of the Senate. His reign began two centuries of relative peace. The legions guarded frontiers along the Rhine and Danube, and roads carried soldiers, tax grain and letters across the provinces.',
  },
  {
    subject: 'coffee brewing',
    text: 'Pour-over coffee tastes best with a medium grind, water just off the boil and a ratio of about sixty grams of beans per litre. Bloom the grounds with a little water for thirty seconds so trapped carbon dioxide escapes, then pour slowly in circles. Espresso needs a much finer grind and nine bars of pressure.',
  },
  {
    subject: 'sailing',
    text: 'Sailing upwind means trimming the sails close and tacking through the wind in a zigzag. On a broad reach the boat is fastest, and running downwind risks an accidental gybe if the boom swings across. Reef early when gusts build; it is easier to shake out a reef than to put one in under pressure.',
  },
  {
    subject: 'birdwatching',
    text: 'Early morning is the best time to see songbirds, when they feed and sing to defend territory. Learn the common calls first so unusual ones stand out. A pair of eight power binoculars, a field guide with range maps and a notebook for dates and locations are all a beginner needs.',
  },
  {
    subject: 'kidney physiology',
    text: 'Each kidney filters blood through about a million nephrons. The glomerulus passes water and small molecules into the tubule, where most of the sodium, glucose and water are reabsorbed. Hormones such as aldosterone and antidiuretic hormone adjust how concentrated the urine becomes.',
  },
  {
    subject: 'violin practice',
    text: 'Slow scales with a drone reveal intonation problems that fast passages hide. Keep the bow parallel to the bridge and let the arm weight, not finger pressure, produce the tone. Practise shifts between positions with a guide finger, and record yourself, because what you hear under the chin is misleading.',
  },
  {
    subject: 'composting',
    text: 'A compost heap needs a mix of green material such as grass clippings and kitchen scraps and brown material such as dry leaves and cardboard. Turn it every couple of weeks to let air in. When the pile heats up and then cools, the worms move in and dark crumbly humus appears at the bottom.',
  },
  {
    subject: 'photography exposure',
    text: 'Exposure depends on aperture, shutter speed and sensor sensitivity. A wide aperture blurs the background but narrows the depth of field; a slow shutter shows motion blur unless the camera sits on a tripod. Raising the sensitivity brightens a dark scene at the cost of visible grain.',
  },
  {
    subject: 'mountaineering',
    text: 'Above four thousand metres the air holds so little oxygen that climbers acclimatise by climbing high and sleeping low. Headache, nausea and poor sleep are early signs of altitude sickness; descending is the only reliable cure. Crampons, an ice axe and a rope team are standard on glaciated routes.',
  },
  {
    subject: 'wine making',
    text: 'After the harvest, red grapes are crushed and fermented on their skins, which give colour and tannin. The cap of skins is punched down several times a day. Malolactic fermentation softens sharp acidity, and the wine then ages in oak barrels or steel tanks before it is fined and bottled.',
  },
  {
    subject: 'dog training',
    text: 'Reward the behaviour you want within a second or two so the puppy connects treat and action. Short sessions of five minutes work better than one long lesson. Teach sit, stay and recall in a quiet room first, then add distractions gradually, and never punish a dog for coming back to you.',
  },
  {
    subject: 'plate tectonics',
    text: 'The crust is broken into plates that drift a few centimetres a year over the mantle. Where oceanic plates sink beneath continents, trenches, earthquakes and volcanic arcs form. Mid-ocean ridges spread the sea floor apart, and magnetic stripes in the basalt record reversals of the field.',
  },
  {
    subject: 'poetry meter',
    text: 'Iambic pentameter gives each line five feet of an unstressed syllable followed by a stressed one. Shakespeare varies it with inverted first feet and feminine endings so the verse never sounds mechanical. Free verse drops regular meter and relies instead on line breaks, imagery and the rhythm of speech.',
  },
  {
    subject: 'cycling maintenance',
    text: 'Clean and oil the chain every few hundred kilometres, wiping off the excess so grit does not stick. Check tyre pressure weekly, and replace brake pads before the metal backing touches the rim or disc. A stretched chain wears the cassette and chainrings, so measure it with a gauge.',
  },
  {
    subject: 'astronomy',
    text: 'A small refracting telescope shows the rings of Saturn, the moons of Jupiter and craters on the moon. Let the optics cool outside for half an hour before observing. Dark skies away from city lights reveal faint galaxies and nebulae, and a red torch protects night vision while reading star charts.',
  },
  {
    subject: 'medieval castles',
    text: 'Early castles were earth mounds topped by timber towers, later replaced by stone keeps with thick walls. Concentric designs added outer curtain walls so attackers faced two lines of defence. Moats, drawbridges and murder holes above the gatehouse made a direct assault costly for any besieging army.',
  },
  {
    subject: 'insurance claims',
    text: 'After a burst pipe or a break-in, photograph the damage before tidying up and call the insurer promptly. The adjuster compares the claim with the policy limits and the excess you agreed to pay. Keep invoices for emergency repairs, since reasonable costs to prevent further damage are usually covered.',
  },
  {
    subject: 'fermentation pickles',
    text: 'Lacto-fermented cucumbers need only salt, water, garlic and dill. A brine of about three percent salt keeps harmful bacteria away while lactobacilli sour the vegetables over a week or two. Keep everything below the brine with a weight, and move the jar to the fridge once it tastes right.',
  },
  {
    subject: 'football tactics',
    text: 'A high press tries to win the ball near the opponent goal, forcing hurried passes from the defenders. It demands fitness and a compact shape, otherwise long balls over the back line expose the space behind. Many teams switch between pressing and a deeper block depending on the score.',
  },
  {
    subject: 'watercolour painting',
    text: 'Watercolour relies on the white of the paper for highlights, so plan light areas before the first wash. Wet the paper for soft gradients, or paint on dry paper for crisp edges. Heavy cotton paper resists buckling, and a limited palette of three primaries mixes surprisingly rich greens and greys.',
  },
  {
    subject: 'first aid burns',
    text: 'Cool a burn under running water for twenty minutes, remove rings and tight clothing nearby, and cover the area loosely with cling film. Do not apply butter, ice or creams. Large burns, burns on the face or hands, and any burn on a small child need medical attention straight away.',
  },
  {
    subject: 'railway history',
    text: 'Steam locomotives spread across Britain in the eighteen thirties, and within two decades a network linked most large towns. Standard gauge won the battle against the wider broad gauge. Railway time forced towns to abandon local solar time so that printed timetables could be trusted.',
  },
  {
    subject: 'home electrics',
    text: 'Switch off the circuit at the consumer unit and test the wires with a voltage tester before replacing a light fitting. Brown is live, blue is neutral and green with yellow is earth. A residual current device trips within milliseconds if current leaks to earth, for example through a person.',
  },
  {
    subject: 'database indexes',
    text: 'A B-tree index lets the database find rows by key without scanning the whole table. Put the most selective column first in a composite index, and check the query plan to confirm the index is actually chosen. Every index slows down inserts and updates, so drop the ones no query needs.',
  },
  {
    subject: 'git rebase',
    text: 'Interactive rebase rewrites a branch by replaying its commits on top of a new base, letting you squash, reword or reorder them. Never rebase commits that others have already pulled. If a conflict stops the replay, fix the files, stage them and continue; abort returns the branch to where it started.',
  },
  {
    subject: 'tls certificates',
    text: 'A server proves its identity with a certificate signed by an authority the client already trusts. The chain must include every intermediate certificate, or some clients refuse the connection. Automate renewal well before expiry, and keep the private key readable only by the process that terminates the handshake.',
  },
  {
    subject: 'css layout',
    text: 'Flexbox arranges items along one axis and is ideal for toolbars and centring, while grid handles rows and columns at once. Set gap instead of margins between items. Media queries or container queries switch the layout for narrow screens, and the minmax function keeps grid tracks from collapsing.',
  },
  {
    subject: 'kubernetes scheduling',
    text: 'The scheduler places each pod on a node that has enough requested CPU and memory. Taints keep ordinary workloads off special nodes unless a pod tolerates them, and affinity rules spread replicas across zones. When no node fits, the pod stays pending until the cluster autoscaler adds capacity.',
  },
  {
    subject: 'python packaging',
    text: 'A modern Python project declares its metadata and build backend in pyproject.toml. Build a wheel and a source distribution, then upload them to the package index with twine. Pin exact versions in an application lock file, but give a library loose ranges so that it installs alongside others.',
  },
  {
    subject: 'regular expressions',
    text: 'A regular expression describes a set of strings with literals, character classes and quantifiers. Greedy quantifiers match as much as possible, lazy ones as little. Anchors tie the match to the start or end of a line, and capture groups extract the parts you need; nested unbounded repetition can backtrack catastrophically.',
  },
  {
    subject: 'dns',
    text: 'The domain name system maps names to addresses through a hierarchy of nameservers, starting at the root and the top-level domain. Resolvers cache answers for as long as the record time to live allows. Lower the TTL a day before moving a site so the change propagates quickly.',
  },
  {
    subject: 'rust ownership',
    text: 'Every value in Rust has a single owner, and the value is dropped when the owner goes out of scope. Borrowing gives temporary access through references: many shared ones or exactly one mutable one. The borrow checker rejects code where a reference could outlive the data it points to.',
  },
  {
    subject: 'react state',
    text: 'Components keep local state with the useState hook and re-render when it changes. Derive values during rendering instead of copying props into state. Effects synchronise with systems outside React, such as subscriptions or timers, and must clean up after themselves when the component unmounts.',
  },
  {
    subject: 'unix permissions',
    text: 'Each file has an owner, a group and permission bits for reading, writing and executing. chmod changes the bits and chown changes the owner. The execute bit on a directory allows entering it, and the sticky bit on shared directories such as /tmp stops users deleting each other files.',
  },
  {
    subject: 'garbage collection',
    text: 'A generational collector assumes most objects die young, so it collects the nursery often and the old generation rarely. Objects that survive several minor collections are promoted. Long pauses usually come from a full collection of a large heap; tuning the heap size or reducing allocation rates shortens them.',
  },
  {
    subject: 'http caching',
    text: 'The Cache-Control header tells browsers and proxies how long a response may be reused. Immutable assets with a content hash in the file name can be cached for a year. For pages that change, an ETag lets the client revalidate cheaply and receive a short not-modified answer instead of the full body.',
  },
  {
    subject: 'unit testing',
    text: 'A good unit test arranges its inputs, performs one action and asserts on the observable result. Tests that depend on the clock, the network or the order in which they run become flaky. Property-based tests generate many inputs automatically and shrink any failure to a minimal example.',
  },
  {
    subject: 'floating point',
    text: 'Binary floating point cannot represent most decimal fractions exactly, so adding a tenth ten times does not give exactly one. Compare results with a tolerance rather than equality. Summing many numbers of different magnitudes loses precision; compensated summation or sorting the terms first reduces the error.',
  },
  {
    subject: 'shell scripting',
    text: 'Start scripts with set -euo pipefail so that errors and unset variables stop execution instead of being ignored. Quote every variable expansion to survive spaces in file names. Prefer functions over long pipelines when logic grows, and check scripts with shellcheck before running them on a server.',
  },
];
