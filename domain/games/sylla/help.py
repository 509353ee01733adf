"""Sylla's rules reference, in the project's own words, for the /rules/sylla page and the prompts' help links.

Each section has an anchor id, the rulebook section it summarises (the numbering of the rules specification
the code cites as "rule 5.3": the rulebook's own order), a title and a few paragraphs. Every paragraph is a
whole translatable message, so the page reads in the player's language once the catalogs are translated.

* SECTIONS: the reference in reading order.
* GLOSSARY: every card, tile, marker, building, event, Great Work and token a player meets, with the
  section that explains it (names come from names.py so the board and the reference use the same words).
* PROMPT_SECTIONS: the section that explains each kind of decision the rules can ask (machine.STATES' kinds);
  the conformance test (tests/web/test_rules_help.py) requires an entry for every kind a random game asks.
* OPTION_SECTIONS, OPTION_TITLES: the section each table option changes and a title for it (the option's own
  explanation is its help in options.py).

Nothing here is copied from the rulebook: it is a summary written for this server, section numbers aside.
"""
from __future__ import annotations

from domain.i18n import _

from .names import name_of

# ------------------------------------------------------------------------------------------ sections
SECTIONS: tuple[dict, ...] = (
    {"id": "goal", "rule": "1", "title": _("What the game is about"),
     "body": (_("You are a Roman patrician. Over five rounds you gain and lose prestige (glory points) by "
                "building, by facing or dodging the events that threaten Rome, by funding Great Works and by "
                "feeding the people. At the end, Christians, freed slaves and your secret Res Publica tokens "
                "add more prestige."),
              _("The player with the most prestige after round 5 wins. Players tied for the most all win."))},
    {"id": "track", "rule": "2.1", "title": _("The Res Publica track"),
     "body": (_("One track of seven spaces, worth 0 on the left to 6 on the right. Four markers move on it: the "
                "Civic, Health and Leisure markers (what each token of that kind will be worth at the end) and "
                "the Famine marker (how hungry Rome is)."),
              _("The three Res Publica markers start at 3. Left is bad, right is good. The two leftmost spaces "
                "(0 and 1) are the crisis zone: a marker there causes a crisis at the end of the round."),
              _("The Famine marker starts at 0 and moves right as hunger grows. Its value is what every player "
                "must feed at the end of the round. No marker ever leaves the track."))},
    {"id": "prestige", "rule": "2.2", "title": _("Prestige"),
     "body": (_("Everyone starts with 10 prestige. Prestige never goes below 0: a loss that would take you "
                "lower stops at 0. There is no upper limit."),)},
    {"id": "card-states", "rule": "3", "title": _("Face up, face down, upright, tilted"),
     "body": (_("A card has two independent states. Face down means an event has disabled it: it does "
                "nothing until it comes back, and does not count at the end. Tilted means you spent it this "
                "round to pay for a building: it keeps its place but loses its ability until the end of the "
                "round."),
              _("A card is available when it is face up and upright. Only available cards vote, earn, give "
                "cubes or pay for buildings. Every card stands upright again at the end of each round."),
              _("Your denarii and your Res Publica tokens are private; everything else on the table is public."))},
    {"id": "hexes", "rule": "3", "title": _("Hexes: what a card can pay for"),
     "body": (_("Each character card shows one to three coloured hexes: red, yellow or grey, at most one of "
                "each colour. Slaves show all three. A card supports a colour when it shows that hex."),
              _("When you buy a building, every available card that supports the colour of the building's slot "
                "counts as exactly 1, however many other hexes it shows."))},
    {"id": "setup", "rule": "4.1", "title": _("Setting up"),
     "body": (_("Six building tiles are revealed into the six slots. Three events are dealt into the event "
                "column above Decadence, which is always there. One of the six Great Works is set aside and "
                "will never be built; the next one is this round's Great Work."),
              _("Each player receives an income tile at random and the set of ten characters with the same "
                "numeral. The holder of income tile I opens the first election. Everyone starts with 10 "
                "prestige and 3 denarii, plus 1 for each Merchant they choose to start with."))},
    {"id": "starting-characters", "rule": "4.1.7", "title": _("Choosing your starting characters"),
     "body": (_("From your own set of ten, you secretly choose the characters you start with: four in a "
                "four-player game, six with three players. Nobody sees your choice until everyone has chosen; "
                "then all choices are shown together."),
              _("Think about what each type does (see the characters below): Senators vote, Merchants earn, "
                "Legionaries and Vestals place cubes on events, Slaves pay for any building. Christians are "
                "worth prestige at the end but fear Persecution. The cards you leave go into the deck that "
                "everyone recruits from."))},
    {"id": "three-players", "rule": "4.2, 11", "title": _("With three players"),
     "body": (_("Income tiles I, II and III are dealt; the fourth set of characters is shuffled into the "
                "character deck. Each player starts with six characters, the recruitment display shows five "
                "cards, and only four buildings are put up for sale each round (two tiles are left unsold). "
                "Everything else is unchanged."),)},
    {"id": "round", "rule": "5", "title": _("A round in seven phases"),
     "body": (_("I First Consul, II Recruitment, III Buildings, IV Income, V Events, VI Great Works, VII Famine "
                "and crises. After round 5 the game ends."),
              _("The First Consul of the round acts first in almost every phase, breaks the ties of phase V, "
                "takes a free Res Publica token and opens the next round's election."))},
    {"id": "consul-election", "rule": "5.1.1", "title": _("Phase I: electing the First Consul"),
     "body": (_("An open auction in which everyone speaks once. The previous First Consul opens with any bid "
                "they can afford (even 0); then each other player in turn either passes or bids more than the "
                "highest bid so far."),
              _("A bid is a number of votes. Each of your face-up Senators gives one vote for free; every vote "
                "beyond your Senators costs one denarius. You may only bid what you can pay, and only the "
                "winner pays. Voting does not tilt your Senators."),
              _("If everybody else passes, the opener stays First Consul and pays for their own bid."))},
    {"id": "consul-token", "rule": "5.1.2", "title": _("Phase I: the First Consul's token"),
     "body": (_("The new First Consul takes one Res Publica token of the kind they prefer: Civic, Health or "
                "Leisure. Everybody learns which kind was taken. Each token will be worth the value of its "
                "marker at the end of the game, and counts in the crises of its kind."),)},
    {"id": "hunger", "rule": "5.1.3", "title": _("Phase I: hunger grows"),
     "body": (_("The Famine marker moves right by the number of food symbols on the events in the event "
                "column."),)},
    {"id": "recruitment", "rule": "5.2", "title": _("Phase II: recruitment"),
     "body": (_("Starting with the First Consul, each player must take one card from the recruitment display. "
                "The new card is yours at once, face up, and can help you buy a building this very round."),
              _("The cards nobody took go to the bottom of the character deck."))},
    {"id": "building-offer", "rule": "5.3.1", "title": _("Phase III: offering a building"),
     "body": (_("Up to five tiles are sold one at a time (four with three players). The offerer (the First "
                "Consul for the first sale) picks any tile still in a slot, even one they cannot afford. The "
                "colour of its slot is the colour the buyer must pay in."),
              _("After the last sale, any tile left in a slot is removed from the game."))},
    {"id": "building-auction", "rule": "5.3.2", "title": _("Phase III: bidding for a building"),
     "body": (_("Starting with the player after the offerer and ending with the offerer, everyone speaks once: "
                "pass, or bid more than the highest bid. The first bid is at least 1."),
              _("A bid is a number of cards: you may bid up to the number of your available cards that support "
                "the sale colour (a card with a hex of that colour), plus an available Crane card. The winner "
                "tilts that many of those cards."),
              _("If everybody passes, the tile is removed from the game and the same player offers the next one. "
                "Otherwise the buyer offers next."))},
    {"id": "building-payment", "rule": "5.3.3", "title": _("Phase III: paying for a building"),
     "body": (_("The winner of an auction chooses exactly as many eligible cards as they bid and tilts them. "
                "Choose with care: a tilted card loses its ability for the rest of the round. A tilted Senator "
                "will not vote for the Great Work, a tilted Merchant earns nothing, a tilted Vestal or "
                "Legionary places no cube."),
              _("When you have exactly as many eligible cards as you bid, there is nothing to choose and the "
                "server pays for you."))},
    {"id": "characters", "rule": "6", "title": _("The characters"),
     "body": (_("Senator: one vote in the election (phase I) and for the Great Work (phase VI). Merchant: one "
                "more denarius of income (phase IV). Legionary: one legionary cube (phase V). Vestal: one "
                "vestal cube (phase V). Slave: no ability, but supports every colour when paying for a "
                "building, and can be freed at the end for prestige."),
              _("Any character can be tilted to pay for a building instead; it then loses its ability until "
                "the end of the round. Christian characters (marked with a fish) give 2 prestige at the end "
                "if face up."))},
    {"id": "buildings", "rule": "7", "title": _("The buildings"),
     "body": (_("Some buildings stay in front of you and work while face up: Market stall, Field, Private "
                "Temple, Tavern. The others act once, when you buy them, and are discarded: Insula, Crane, "
                "Triumphal Arch, Statue, Bank. Events can turn a kept building face down; the income tile is "
                "not a building and is never affected."),)},
    {"id": "insula", "rule": "7, 14.40", "title": _("Buying an Insula"),
     "body": (_("Whoever buys an Insula takes two Res Publica tokens and chooses their kinds; both may be of "
                "the same kind. By default everybody is told which kinds were taken."),)},
    {"id": "income", "rule": "5.4", "title": _("Phase IV: income"),
     "body": (_("Starting with the First Consul, each player takes 3 denarii for the income tile, 1 more for "
                "each available Merchant and 2 for each face-up Market stall. Then they may use each of their "
                "face-up Private Temples and Taverns once, in the order they like."),)},
    {"id": "temples-taverns", "rule": "7.3, 7.4", "title": _("Private Temples and Taverns"),
     "body": (_("Private Temple: right after your income you may pay 2 denarii to take one Res Publica token of "
                "any kind. Each temple works once per round, and only if you have the 2 denarii."),
              _("Tavern: you may claim one of the Civic, Health or Leisure markers that no Tavern has claimed "
                "this phase and move it one space left or right. A marker already at the end of the track may "
                "be claimed without moving, just to stop anyone else from moving it. Taverns never move the "
                "Famine marker."),
              _("When you have nothing more to do (or do not want to), choose Done."))},
    {"id": "cube-placement", "rule": "5.5.1", "title": _("Phase V: placing cubes on events"),
     "body": (_("Each available Vestal gives you a vestal cube and each available Legionary a legionary cube. "
                "Starting with the First Consul, players place one cube at a time, in turn, until every cube "
                "is placed. A cube goes on an event in the column that shows its symbol; Decadence takes "
                "both."),
              _("Cubes do two things: the player with the most cubes on an event earns its token, and the "
                "events with the most cubes in total are avoided."))},
    {"id": "event-rewards", "rule": "5.5.2", "title": _("Phase V: rewards for majorities"),
     "body": (_("On each of the three ordinary events, the player (or tied players) with the most of their own "
                "cubes takes one Res Publica token of the kind the event shows. On Decadence, the majority "
                "gains 1 prestige instead. Rewards are given whether the event then happens or not."),)},
    {"id": "avoided-events", "rule": "5.5.3", "title": _("Phase V: which events are avoided"),
     "body": (_("Count every cube on each of the four events. The two with the most cubes are avoided; the "
                "other two happen, from the top of the column down, so Decadence comes last."),
              _("When a tie leaves it open which events are avoided, the First Consul chooses among the tied "
                "events (also when no cube was placed at all)."))},
    {"id": "events", "rule": "8.1", "title": _("The events"),
     "body": (_("Every event card shows the token kind it rewards, which cubes it accepts (legionary, vestal or "
                "both), what happens when it is not avoided, and maybe food symbols that feed hunger in phase I "
                "while it is in the column."),
              _("Some events move a marker once. The lasting events (Persecution of Christians, Senate "
                "Treachery, Flood, Slave Revolt, Pillage) make every player turn one item face down, for as "
                "long as the event stays in the column."))},
    {"id": "lasting-effects", "rule": "8.2", "title": _("Lasting events: what you turn face down"),
     "body": (_("When a lasting event happens, each player who owns a face-up item of the kind it targets "
                "chooses one to turn face down. Everyone affected chooses at the same time and in secret; the "
                "items turn over together. A player with a single eligible item has nothing to choose."),
              _("A face-down item does nothing: no vote, no income, no cube, no points at the end, and it "
                "cannot be freed. It stays down as long as the event remains in play, and if the event happens "
                "again in a later round, you turn one more item face down."))},
    {"id": "event-removal", "rule": "5.5.4", "title": _("Phase V: one threat removed for good"),
     "body": (_("Of the two avoided events, the one with more cubes leaves the game and a new event is drawn "
                "in its place. If they are tied, the First Consul chooses. Decadence never leaves: if it would, "
                "the other avoided event goes instead. Then all cubes go back to their owners."),)},
    {"id": "leaving-play", "rule": "8.3", "title": _("When a lasting event leaves"),
     "body": (_("The items it had turned face down come back face up and work at once, except items that "
                "another lasting event still in the column also targets: those stay face down."),)},
    {"id": "great-works", "rule": "5.6", "title": _("Phase VI: the Great Work"),
     "body": (_("Everyone decides at the same time and in secret: thumb up to fund the Great Work, or thumb "
                "down to give to the people, and how many denarii to add. Choices are revealed together."),
              _("Your votes are your available (face-up and upright) Senators plus the denarii you add. Thumb "
                "down: you gain half your votes in prestige, rounded down. Thumb up: you score by your rank "
                "among the funders, as the card says, and the card may move a marker by the funders' total "
                "votes. Everyone pays the denarii they added, win or lose."))},
    {"id": "great-works-scoring", "rule": "9", "title": _("The Great Works"),
     "body": (_("Funders are ranked by votes; tied players share a rank and the next rank is skipped. A funder "
                "with no vote takes no rank. If nobody funds, nothing happens."),
              _("Pantheon: 10, 6 and 2 prestige for the first three ranks. Temple: 10 prestige for each funder "
                "with at least 8 votes, 6 for at least 5. Granary, Public Baths, Colosseum and Senate (Curia): "
                "5 and 3 prestige for the first two ranks, and a marker moves with the funders' total votes: "
                "the Granary lowers the Famine marker by one for every 4 votes; the Baths raise Health, the "
                "Colosseum Leisure and the Senate Civic, by one for every 5 votes."),
              _("Ecclesia (Church) is never funded: it stands for the end-of-game scoring."))},
    {"id": "feeding", "rule": "5.7.1", "title": _("Phase VII: feeding the people"),
     "body": (_("Each player loses as much prestige as the value of the Famine marker, less 2 for each of their "
                "face-up Fields (a Field never gives prestige, it only reduces the loss)."),)},
    {"id": "crises", "rule": "5.7.2", "title": _("Phase VII: crises"),
     "body": (_("For each Res Publica marker in the crisis zone, everyone shows how many tokens of that kind "
                "they hold. The player or players with the most gain 3 prestige; those with the fewest lose 3. "
                "If everyone holds the same number, nothing happens. Tokens are kept, and a marker still in "
                "the zone next round causes another crisis."),)},
    {"id": "end-of-round", "rule": "5.8", "title": _("End of the round"),
     "body": (_("New characters are revealed into the recruitment display, six new building tiles into the "
                "slots, every tilted card stands upright again, and the First Consul will open the next "
                "election."),)},
    {"id": "end-of-game", "rule": "10", "title": _("End of the game"),
     "body": (_("After round 5: each face-up Christian gives 2 prestige; then players may free Slaves; then "
                "every Res Publica token scores the final value of its marker. Leftover denarii are worth "
                "nothing. The most prestige wins; ties share the victory."),)},
    {"id": "freeing-slaves", "rule": "10.2", "title": _("Freeing slaves"),
     "body": (_("At the end, everyone decides in secret how many of their face-up Slaves to free. Each costs "
                "2 denarii and gives 3 prestige. A Christian Slave scores for both."),)},
    {"id": "information", "rule": "12", "title": _("What everyone can see"),
     "body": (_("Public: the board, every player's cards and tiles (with their states), prestige, and every bid "
                "as it is made. Private: your denarii and your Res Publica tokens (counts of one kind are shown "
                "in a crisis, all of them at the end), and secret choices until everyone has made theirs."),)},
)

# ------------------------------------------------------------------------------------------ glossary
# id (the anchor: term-<id>), group, name, what it is / does, the section that explains it
GROUPS = {"characters": _("Characters"), "cards": _("Cards, tiles and pieces"), "markers": _("Markers and tokens"),
          "buildings": _("Buildings"), "events": _("Events"), "great_works": _("Great Works")}

GLOSSARY: tuple[dict, ...] = (
    {"id": "senator", "group": "characters", "name": name_of("Senator"), "section": "characters",
     "text": _("One vote in the election of the First Consul and for the Great Work, while available.")},
    {"id": "merchant", "group": "characters", "name": name_of("Merchant"), "section": "characters",
     "text": _("One more denarius of income in phase IV, while available.")},
    {"id": "legionary", "group": "characters", "name": name_of("Legionary"), "section": "characters",
     "text": _("Gives a legionary cube to place on an event in phase V, while available.")},
    {"id": "vestal", "group": "characters", "name": name_of("Vestal"), "section": "characters",
     "text": _("Gives a vestal cube to place on an event in phase V, while available.")},
    {"id": "slave", "group": "characters", "name": name_of("Slave"), "section": "characters",
     "text": _("No ability, but pays for a building of any colour; at the end it may be freed for 2 denarii "
               "and 3 prestige.")},
    {"id": "christian", "group": "characters", "name": _("Christian"), "section": "characters",
     "text": _("A Senator, Merchant or Slave marked with a fish: 2 prestige at the end if face up; the target "
               "of Persecution of Christians.")},
    {"id": "income-tile", "group": "cards", "name": _("Income tile"), "section": "income",
     "text": _("Numbered I to IV: pays 3 denarii each round. Tile I opens the first election. It is not a "
               "building and events never touch it.")},
    {"id": "hex", "group": "cards", "name": _("Hex"), "section": "hexes",
     "text": _("A coloured mark (red, yellow or grey) on a character card: the card can pay for buildings "
               "sold in a slot of that colour.")},
    {"id": "crane-card", "group": "cards", "name": _("Crane card"), "section": "buildings",
     "text": _("What a bought Crane leaves you: from the next round on, it pays as one extra card for a "
               "building of any colour. It arrives tilted, and a Flood can turn it face down.")},
    {"id": "vestal-cube", "group": "cards", "name": _("Vestal cube"), "section": "cube-placement",
     "text": _("A cube in your colour from an available Vestal; it goes on an event that shows the vestal "
               "symbol.")},
    {"id": "legionary-cube", "group": "cards", "name": _("Legionary cube"), "section": "cube-placement",
     "text": _("A cube in your colour from an available Legionary; it goes on an event that shows the "
               "legionary symbol.")},
    {"id": "first-consul", "group": "cards", "name": _("First Consul"), "section": "consul-election",
     "text": _("The winner of the phase I election: takes a free token, acts first and breaks the ties of "
               "phase V.")},
    {"id": "denarius", "group": "markers", "name": _("Denarius"), "section": "income",
     "text": _("Money. Your total is private. It pays for votes, Private Temples, Great Works and freeing "
               "Slaves; it is worth nothing at the end.")},
    {"id": "token", "group": "markers", "name": _("Res Publica token"), "section": "consul-token",
     "text": _("A private token of one kind (Civic, Health or Leisure): worth the final value of its marker "
               "at the end, and counted in the crises of its kind.")},
    {"id": "civic", "group": "markers", "name": name_of("Civic"), "section": "track",
     "text": _("The Civic marker on the Res Publica track: the value of each Civic token at the end.")},
    {"id": "health", "group": "markers", "name": name_of("Health"), "section": "track",
     "text": _("The Health marker on the Res Publica track: the value of each Health token at the end.")},
    {"id": "leisure", "group": "markers", "name": name_of("Leisure"), "section": "track",
     "text": _("The Leisure marker on the Res Publica track: the value of each Leisure token at the end.")},
    {"id": "famine-marker", "group": "markers", "name": _("Famine marker"), "section": "feeding",
     "text": _("How hungry Rome is: each player loses that much prestige at the end of the round, less 2 for "
               "each face-up Field.")},
    {"id": "crisis-zone", "group": "markers", "name": _("Crisis zone"), "section": "crises",
     "text": _("The leftmost spaces of the Res Publica track (0 and 1): a marker there causes a crisis.")},
    {"id": "prestige", "group": "markers", "name": _("Prestige"), "section": "prestige",
     "text": _("The score, public, never below 0. The most prestige at the end wins.")},
    {"id": "market", "group": "buildings", "name": name_of("Market stall"), "section": "income",
     "text": _("Kept: 2 denarii in each phase IV while face up. Pillage and Flood can turn it down.")},
    {"id": "field", "group": "buildings", "name": name_of("Field"), "section": "feeding",
     "text": _("Kept: lowers your feeding loss by 2 in phase VII while face up.")},
    {"id": "private-temple", "group": "buildings", "name": name_of("Private Temple"), "section": "temples-taverns",
     "text": _("Kept: once per round, after your income, pay 2 denarii for a Res Publica token of your "
               "choice.")},
    {"id": "tavern", "group": "buildings", "name": name_of("Tavern"), "section": "temples-taverns",
     "text": _("Kept: once per round, claim a Civic, Health or Leisure marker no Tavern has claimed yet and "
               "move it one space.")},
    {"id": "insula", "group": "buildings", "name": name_of("Insula"), "section": "insula",
     "text": _("At once: take two Res Publica tokens of the kinds you choose.")},
    {"id": "crane", "group": "buildings", "name": name_of("Crane"), "section": "buildings",
     "text": _("At once: the tile is replaced by a Crane card, an extra builder from the next round on.")},
    {"id": "triumphal-arch", "group": "buildings", "name": name_of("Triumphal Arch"), "section": "buildings",
     "text": _("At once: 6 prestige.")},
    {"id": "statue", "group": "buildings", "name": name_of("Statue"), "section": "buildings",
     "text": _("At once: 4 prestige.")},
    {"id": "bank", "group": "buildings", "name": name_of("Bank"), "section": "buildings",
     "text": _("At once: 5 denarii.")},
    {"id": "epidemic", "group": "events", "name": name_of("Epidemic"), "section": "events",
     "text": _("Rewards Health; takes vestal cubes. If it happens, the Health marker moves one space left.")},
    {"id": "eruption", "group": "events", "name": name_of("Eruption"), "section": "events",
     "text": _("Rewards Leisure; takes vestal cubes. If it happens, the Leisure marker moves one space left.")},
    {"id": "imperial-cult", "group": "events", "name": name_of("Imperial Cult"), "section": "events",
     "text": _("Rewards Civic; takes both kinds of cube. If it happens, the Civic marker moves one space "
               "left.")},
    {"id": "famine", "group": "events", "name": name_of("Famine"), "section": "events",
     "text": _("Rewards Health; takes vestal cubes; feeds hunger while in the column. If it happens, the "
               "Famine marker moves one space right.")},
    {"id": "persecution", "group": "events", "name": name_of("Persecution of Christians"), "section": "lasting-effects",
     "text": _("Rewards Civic; takes legionary cubes. Lasting: each player turns one face-up Christian face "
               "down.")},
    {"id": "senate-treachery", "group": "events", "name": name_of("Senate Treachery (Senate Purge)"),
     "section": "lasting-effects",
     "text": _("Rewards Civic; takes legionary cubes. Lasting: each player turns one face-up Senator face "
               "down.")},
    {"id": "flood", "group": "events", "name": name_of("Flood"), "section": "lasting-effects",
     "text": _("Rewards Health; takes vestal cubes; feeds hunger while in the column. Lasting: each player "
               "turns one face-up building or Crane card face down.")},
    {"id": "slave-revolt", "group": "events", "name": name_of("Slave Revolt"), "section": "lasting-effects",
     "text": _("Rewards Leisure; takes legionary cubes; feeds hunger while in the column. Lasting: each player "
               "turns one face-up Slave face down.")},
    {"id": "pillage", "group": "events", "name": name_of("Pillage"), "section": "lasting-effects",
     "text": _("Rewards Leisure; takes legionary cubes; feeds hunger while in the column. Lasting: each player "
               "turns one face-up Market stall face down.")},
    {"id": "decadence", "group": "events", "name": name_of("Decadence"), "section": "events",
     "text": _("Always in the last slot and never removed; takes both kinds of cube; its majority gains 1 "
               "prestige. If it happens, the highest of the Civic, Health and Leisure markers (all of them "
               "if tied) moves one space left.")},
    {"id": "pantheon", "group": "great_works", "name": name_of("Pantheon"), "section": "great-works-scoring",
     "text": _("10, 6 and 2 prestige for the three best-ranked funders.")},
    {"id": "temple", "group": "great_works", "name": name_of("Temple"), "section": "great-works-scoring",
     "text": _("10 prestige to each funder with at least 8 votes, 6 to each with at least 5.")},
    {"id": "granary", "group": "great_works", "name": name_of("Granary"), "section": "great-works-scoring",
     "text": _("5 and 3 prestige for the two best funders; the Famine marker moves one space left for every "
               "4 votes of all funders.")},
    {"id": "public-baths", "group": "great_works", "name": name_of("Public Baths"), "section": "great-works-scoring",
     "text": _("5 and 3 prestige for the two best funders; the Health marker moves one space right for every "
               "5 votes of all funders.")},
    {"id": "colosseum", "group": "great_works", "name": name_of("Colosseum"), "section": "great-works-scoring",
     "text": _("5 and 3 prestige for the two best funders; the Leisure marker moves one space right for every "
               "5 votes of all funders.")},
    {"id": "curia", "group": "great_works", "name": name_of("Senate (Curia)"), "section": "great-works-scoring",
     "text": _("5 and 3 prestige for the two best funders; the Civic marker moves one space right for every "
               "5 votes of all funders.")},
    {"id": "ecclesia", "group": "great_works", "name": name_of("Ecclesia (Church)"), "section": "end-of-game",
     "text": _("Not built: it marks the final scoring of Christians and freed Slaves.")},
)

# ------------------------------------------------------------------------------------------ decisions
# prompt kind (machine.STATES[...].kind) -> the section that explains that decision
PROMPT_SECTIONS: dict[str, str] = {
    "choose_starting_characters": "starting-characters",
    "consul_bid": "consul-election",
    "consul_take_token": "consul-token",
    "recruit": "recruitment",
    "offer_building": "building-offer",
    "building_bid": "building-auction",
    "pay_building": "building-payment",
    "choose_insula_tokens": "insula",
    "use_temple_or_tavern": "temples-taverns",
    "place_cube": "cube-placement",
    "fc_choose_avoided": "avoided-events",
    "choose_item_to_disable": "lasting-effects",
    "fc_choose_removed": "event-removal",
    "great_work_commit": "great-works",
    "free_slaves": "freeing-slaves",
}

# table option (options.py) -> the section whose rule it changes
OPTION_SECTIONS: dict[str, str] = {
    "crisis_zone_width": "crises",
    "granary_famine_direction": "great-works-scoring",
    "curia_marker": "great-works-scoring",
    "lasting_event_repeat_flips": "lasting-effects",
    "announce_token_kinds": "information",
    "three_player_income_tiles": "three-players",
    "three_player_unused_set": "three-players",
    "unsold_building_offerer": "building-auction",
    "crisis_order": "crises",
    "decadence_slot": "avoided-events",
    "data_overrides": "setup",
    "scenario": "setup",
}

# table option -> a short title for the rules page (the explanation is the option's help in options.py)
OPTION_TITLES: dict[str, str] = {
    "crisis_zone_width": _("Width of the crisis zone"),
    "granary_famine_direction": _("What the Granary does to hunger"),
    "curia_marker": _("Which marker the Senate raises"),
    "lasting_event_repeat_flips": _("Lasting events that happen again"),
    "announce_token_kinds": _("Announcing the kind of tokens taken"),
    "three_player_income_tiles": _("Income tiles with three players"),
    "three_player_unused_set": _("The unused set with three players"),
    "unsold_building_offerer": _("Who offers after an unsold building"),
    "crisis_order": _("Order of the crises"),
    "decadence_slot": _("Where Decadence sits"),
    "data_overrides": _("Changed card and tile values"),
    "scenario": _("Starting from a prepared position"),
}

INTRO = _("A summary of Sylla (Dominique Ehrhard, Ystari 2008) in our own words. The numbers are the sections "
          "of the rulebook each part summarises. Where the rulebook can be read two ways, the table options "
          "at the end say which reading this game uses.")
