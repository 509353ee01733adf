"""The Republic of Rome's rules reference, in the project's own words, for the /rules/republic_of_rome page and
the prompts' "What does this mean?" links (web page and e-mails: domain/help.py).

The same shape as domain/games/sylla/help.py:

* SECTIONS: the reference in reading order; each section has an anchor id, the section of the rules
  specification it summarises (`rule`, shown as "Rulebook section ..."), a title and a few paragraphs, each a
  whole translatable message. A section that explains a decision ends with what a missed deadline plays
  (defaults.py), so the page and the prompt's link tell the player.
* GLOSSARY: the names a player meets on the board, each pointing to its section.
* PROMPT_SECTIONS: the section that explains each kind of decision (machine.STATES' kinds, and the kinds
  spec 17 lists for part 1 that a later step will ask). tests/unit/republic_of_rome/test_help.py requires one
  for every kind a step declares; tests/web/test_rules_help.py for every kind a random game asks.
* OPTION_SECTIONS, OPTION_TITLES: the section each table option changes, and its title (the option's label).

Nothing here is copied from a rulebook: it is a summary written for this server, section numbers aside.
"""
from __future__ import annotations

from domain.i18n import Message, _

from .defaults import missed_deadline
from .names import name_of
from .options import SPEC


def _section(sid: str, rule: str, title: Message, body: tuple[Message, ...], kinds: tuple[str, ...] = ()) -> dict:
    """A section; `kinds` are the decisions it explains (each adds its "If you miss the deadline" line)."""
    misses = tuple(m for m in (missed_deadline(k) for k in kinds) if m is not None)
    return {"id": sid, "rule": rule, "title": title, "body": body + misses, "kinds": kinds}


# ------------------------------------------------------------------------------------------ sections
SECTIONS: tuple[dict, ...] = (
    _section("goal", "1, 12", _("What the game is about"), (
        _("Each player leads a faction of Roman Senators. The factions compete for offices, money and "
          "Influence, but they must also keep the Republic alive together: wars, unrest and an empty treasury "
          "can make everybody lose."),
        _("The faction whose Senators have the most Influence when the scenario ends wins. A Senator who "
          "reaches 35 Influence, or is elected Consul for Life, wins the game for his faction. Four Active "
          "Wars at once, a People Revolt or a bankrupt State end the game with everybody losing."),
        _("This server has the Early Republic scenario."))),
    _section("senators", "1", _("A Senator and his statistics"), (
        _("Every Senator card shows Military (MIL), Oratory (ORA), Loyalty (LOY) and Influence (INF). During "
          "the game he also has Popularity (POP, from -9 to +9), Knights and a personal treasury of talents "
          "(T). A Statesman is a famous Senator (his number has a letter, such as 1A); the board shows the "
          "card on top."),
        _("A Senator in Rome has as many votes as his Oratory plus his Knights; each talent he spends on a "
          "vote adds one more. Offices (Rome Consul, Field Consul, Censor ...), the Prior Consul marker, "
          "corruption and where he is (in Rome, governing a Province, at war) are all shown on the board."),
        _("The board names every Senator with his number in brackets, such as Cornelius (1): the decision "
          "forms use the same names."))),
    _section("hrao", "1", _("The HRAO and the order of play"), (
        _("The HRAO (highest ranking available official) is the holder of the highest office who is in "
          "Rome: Dictator, then Rome Consul, Field Consul, Censor, Master of Horse. Without one, it is the "
          "Senator in Rome with the most Influence (then Oratory, then the lower number)."),
        _("Many things go clockwise from the HRAO's faction: the Initiatives, contributions, bids. The HRAO "
          "also makes the rolls of the Population Phase and presides the Senate until new Consuls are "
          "elected."))),
    _section("turn", "4", _("A turn in seven phases"), (
        _("Each turn is one year: Mortality, Revenue, Forum, Population, Senate, Combat, Revolution. The "
          "board shows the turn, the phase and whose decision the game is waiting for."),)),
    _section("information", "16", _("What everyone can see"), (
        _("Secret: the amount in each faction treasury and the cards in each hand (how many cards a player "
          "holds is public). The board shows your own treasury and hand to you alone."),
        _("Public: everything else, including every Senator's personal treasury, the State treasury, "
          "Unrest, the Forum, the Curia, all dice, bids, bribes, counter-bribes, contributions and votes. A "
          "sealed decision stays secret until everybody has made theirs."))),
    _section("setup", "3", _("Setting up"), (
        _("Each player is dealt three Senators. The dealt Senator with the lowest number becomes Temporary "
          "Rome Consul until the first elections. Each player then draws until he holds three Faction cards "
          "(Statesmen, Concessions, Intrigue). The 1st Punic War lies in the Forum, inactive. The State "
          "starts with 100 talents and four Legions."),)),
    _section("faction-leader", "3.4, 3.7", _("Your Faction Leader and your first cards"), (
        _("Choose which of your three Senators leads your faction. A Faction Leader cannot be persuaded away "
          "and earns 3 talents a turn instead of 1; if he dies, his heir takes his place."),
        _("In the same sealed answer you may play Statesmen from your hand (each onto his family's Senator, "
          "or as a new Senator) and give Concessions to your own Senators, or keep them for later. Everybody "
          "answers at once; the answers are revealed together."),
    ), ("choose_faction_leader",)),
    _section("mortality", "5", _("Mortality"), (
        _("At the start of each turn the server draws a Mortality chit: the Senator with that number dies, "
          "if he is in play. A Draw 2 chit means two more are drawn. A dead Faction Leader leaves an heir "
          "with the printed values; another dead Senator goes to the Curia, and his offices, money and "
          "Concessions are lost."),)),
    _section("revenue", "6.1", _("Revenue: your income, spoils and grain"), (
        _("Each Faction Leader earns 3 talents, every other Senator 1, plus 1 per Knight and the income of "
          "his Concessions. The faction's income is yours to place: you may give it to any of your Senators "
          "who are neither rebels nor captives, in any split, or leave each sum where it was earned."),
        _("In the same sealed answer, each of your Governors declares whether he takes the spoils of his "
          "Province. If he does, he becomes corrupt (he may be prosecuted) and rolls the Province's spoils; if "
          "not, he stays honest and his Province is a little more likely to develop."),
        _("While a Drought is in play, the holder of a grain Concession chooses a multiplier from 1 to the "
          "number of Drought effects plus 1. He collects that many times the printed income, and loses that "
          "much Popularity if the multiplier is 2 or more."),
    ), ("place_income",)),
    _section("rebel-maintenance", "6.1", _("Paying a rebel's army"), (
        _("A rebel Senator pays 2 talents for each Legion and Fleet under him, from his own or his "
          "faction's treasury. The units he cannot pay for are released."),
    ), ("rebel_maintenance",)),
    _section("state-accounts", "6.2", _("The State's accounts"), (
        _("The State receives 100 talents and the income of its Provinces, then pays 20 talents per Active "
          "War, 2 per Legion and Fleet, and the Land Bills. The board shows the result. If the State cannot "
          "pay, it is bankrupt and everybody loses."),)),
    _section("contributions", "6.2", _("Contributions to the State"), (
        _("After the accounts, starting with the HRAO's faction and going clockwise, each player either "
          "names Senators who give talents from their personal treasuries to the State, or passes. The "
          "rounds go on until a whole round passes. A Senator who gives 10 talents in a turn gains 1 "
          "Influence, 25 gains 3, 50 gains 7."),
    ), ("contribute",)),
    _section("redistribution", "6.3", _("Redistribution"), (
        _("Everybody moves money at once, in a sealed answer: between your own Senators and your faction "
          "treasury, and as gifts to other players' treasuries or loyal Senators. This is the only moment "
          "money passes between players; money promised in deals is paid here. No treasury may go below "
          "0."),
        _("Your faction treasury is secret and safe from death, but it only pays for counter-bribes, a "
          "rebel's army, ransoms, and moving money back to your Senators here."),
        _("With the Avalon Hill card trading (the default), the same answer may offer cards of your hand to "
          "other factions; each receiver accepts or refuses them once the answers are revealed, and a card "
          "accepted cannot be played before the next Revolution Phase. Everybody learns how many cards "
          "were offered to whom, only the two factions which ones."),
    ), ("redistribute",)),
    _section("initiatives", "7.2", _("Initiatives"), (
        _("The Forum Phase has six Initiatives. Each player takes one, clockwise from the HRAO's faction; "
          "the rest are auctioned. An Initiative starts with a roll of two dice: on a 7 an Event happens "
          "(rolled on the Random Events table); otherwise you draw a card. A red card goes secretly into "
          "your hand; a black one (a Senator, a War, a Leader) goes to the Forum for everybody to see."),
        _("Then, in order, you may try one persuasion, do something with Knights, and either change your "
          "Faction Leader or sponsor Games."),
    ), ("roll_initiative",)),
    _section("storm", "13", _("Storm at Sea: which Fleets are lost"), (
        _("When Storm at Sea strikes, a roll of two dice says how many Roman Fleets sink. The HRAO chooses "
          "which ones, in Italy or with a Commander. A Commander left without the Fleet support his War needs "
          "is recalled unless he is reinforced."),
    ), ("choose_storm_losses",)),
    _section("persuasion", "7.4", _("Persuasion"), (
        _("Choose one of your Senators in Rome as persuader and a target: an unaligned Senator in the Forum, "
          "or another faction's Senator in Rome who is not its Faction Leader. You may offer a bribe from the "
          "persuader's own treasury. A Seduction or Blackmail card makes the attempt unopposed."),
        _("The base number is the persuader's Oratory plus Influence, minus the target's Loyalty, minus 7 if "
          "the target belongs to a faction, minus the talents in the target's treasury, plus the bribes, "
          "minus the counter-bribes. Two dice at or under it win the target over, but a roll of 10, 11 or 12 "
          "always fails. Every talent spent goes to the target, whatever happens."),
    ), ("persuade",)),
    _section("counter-bribe", "7.4", _("Counter-bribes"), (
        _("When someone tries to persuade, every other player in turn, clockwise from the persuader, may pay "
          "a counter-bribe from their faction treasury; each talent lowers the base number by one. The "
          "amount you pay is public, your remaining treasury is not: if you offer more than you have, you "
          "are told that your funds are insufficient and nothing else."),
        _("Influence Peddling: while you hold the card, this form and the last form of your own Initiative let "
          "you play it: name an opponent with cards in hand and take one of them at random; you may play it "
          "normally. Only you and that opponent learn which card it was."),
    ), ("counter_bribe",)),
    _section("persuade-continue", "7.4", _("Raise the bribe, or roll"), (
        _("After a round in which somebody paid a counter-bribe, the persuader either rolls now or adds more "
          "to the bribe from his own treasury, and then the others may counter-bribe again. When a round "
          "brings no new counter-bribe, the roll is made."),
    ), ("persuade_continue",)),
    _section("initiative-actions", "7.5, 7.6", _("Knights, Faction Leader or Games"), (
        _("The rest of an Initiative is one form, all optional. Knights: either try to attract one (one of "
          "your loyal Senators pays 0 to 6 talents and rolls a die; the die plus the talents must make 6 or "
          "more), or pressure Knights (each one cashed in is removed and brings a die roll of talents to its "
          "Senator). Each Knight gives one vote and 1 talent of income a turn."),
        _("Then either move your Faction Leader marker to another of your Senators, or have one of your "
          "Senators sponsor Games from his own treasury: Slice and Dice 7 talents (+1 Popularity, -1 Unrest), "
          "Blood Fest 13 (+2, -2), Gladiator Gala 18 (+3, -3). With the Avalon Hill rule you may not do both "
          "in one Initiative. A faction holding two opposed Statesmen may also release one to the Forum."),
    ), ("initiative_actions",)),
    _section("auction", "7.3", _("Bidding for an extra Initiative"), (
        _("With fewer than six players, the remaining Initiatives are auctioned one at a time. Clockwise from "
          "the HRAO's faction, each player passes or bids more than the highest bid, naming one of their "
          "Senators in Rome who pays the bid from his own treasury. If nobody bids, the HRAO's faction takes "
          "it for free."),
    ), ("bid_initiative",)),
    _section("end-of-forum", "7.7", _("Putting Rome in order"), (
        _("At the end of the Forum Phase the HRAO rolls for each Senator and Concession in the Curia (5 or 6: "
          "back to the Forum) and for each Leader without a War (5 or 6: he dies). If Enemy Leader Dies is in "
          "play, the HRAO chooses which enemy Leader dies."),
    ), ("enemy_leader_dies_choice",)),
    _section("population", "8", _("The Population Phase"), (
        _("Unrest rises by 1 for each Unprosecuted War and each Drought. Then the HRAO rolls three dice, "
          "subtracts Unrest and adds his Popularity: a high result calms Rome, a low one raises Unrest, may "
          "cause Manpower Shortage, No Recruitment or a mob, and below 0 the people revolt and everybody "
          "loses."),)),
    _section("senate-vote", "9.2", _("Voting in the Senate"), (
        _("Factions are called one at a time. Your faction answers with one form: yes, no or abstain for "
          "each of your Senators in Rome, and the talents each spends for extra votes (one vote per talent, "
          "paid from his own treasury to the Bank). A proposal passes with more yes than no votes; a tie "
          "fails."),
        _("With a Tribune (or Cato's free use) the same form lets you veto the proposal before your faction "
          "votes, reserve the next proposal for your faction during a proposal of other business, or suspend "
          "a vote that would send the Presiding Magistrate to war: your proposal then comes first, and the "
          "suspended one is voted again afterwards unless yours made it impossible."),
    ), ("senate_vote",)),
    _section("consuls", "9.5", _("Electing the Consuls"), (
        _("The Presiding Magistrate nominates two Senators in Rome who hold no office except Censor. The pair "
          "is elected or rejected together; a rejected pair may not be nominated again this turn. When only "
          "one possible pair is left, it is appointed without a vote."),
        _("In the same form he may nominate the Censor: that vote follows the Consuls (and the Dictator) "
          "without asking him again, unless the candidate is no longer eligible by then."),
    ), ("nominate_consuls",)),
    _section("consular-office", "9.5", _("Rome Consul or Field Consul"), (
        _("The factions of the two new Consuls each say, sealed, which of the two should be Rome Consul. If "
          "they agree, that is done; if not, the Consuls roll dice and the winner decides. Each Consul gains 5 "
          "Influence; the Rome Consul presides the Senate."),
    ), ("choose_consular_office",)),
    _section("censor", "9.6", _("Electing the Censor"), (
        _("The Censor is chosen among the Prior Consuls in Rome who hold no other major office (without one, "
          "any Senator in Rome free of major offices). A single candidate is appointed; otherwise the "
          "Presiding Magistrate nominates and the Senate votes. The Censor gains 5 Influence."),
    ), ("nominate_censor",)),
    _section("call-faction", "9.2", _("Calling the factions to vote"), (
        _("The Presiding Magistrate calls the factions one at a time, in the order he chooses, and sees each "
          "vote before he calls the next. He may also let the others vote in seat order without being asked "
          "again on this proposal, or cut off debate by calling an immediate vote: the factions still to vote "
          "answer at once and their votes are revealed together (he may also call one with his proposal)."),
    ), ("call_faction",)),
    _section("dictator", "9.5", _("The Dictator and his Master of Horse"), (
        _("With three or more Active Wars, or one War of strength 20 or more, Rome may have a Dictator. The "
          "two Consuls may appoint one together, in sealed answers: only if both name the same Senator. If "
          "they do not, the Presiding Magistrate may propose one to the vote until the Censor is elected."),
        _("The Dictator gains 7 Influence, presides the Senate, and at once appoints a Master of Horse (3 "
          "Influence), a Senator in Rome with no major office except Censor."),
    ), ("appoint_dictator", "propose_dictator", "appoint_master_of_horse")),
    _section("prosecutions", "9.7", _("Prosecutions"), (
        _("The Censor may hold two minor Prosecutions or one major one a turn, each against a Senator in Rome "
          "who is open to it (a major office holder, a corrupt Governor back in Rome, a Concession holder), "
          "with a consenting Prosecutor. The Senate votes; the accused adds his Influence to the votes "
          "against and may appeal to the people."),
        _("A minor conviction costs the accused 5 Popularity, 5 Influence, his Prior Consul marker and his "
          "Concessions; a major one costs his life. The Prosecutor gains half of the Influence lost."),
    ), ("prosecute",)),
    _section("governors", "9.8.1", _("Governors"), (
        _("Every Province without a Governor needs one before any other business. The Presiding Magistrate "
          "nominates a Senator in Rome with no major office for each Province (several may be voted "
          "together). An elected Governor leaves Rome at once for three turns."),
    ), ("nominate_governors",)),
    _section("consul-for-life", "9.10", _("Consul for Life"), (
        _("Once the Consuls are elected, the Presiding Magistrate (or a faction with a Tribune, in other "
          "business) may nominate a Senator in Rome with 21 or more Influence as Consul for Life: once a turn, "
          "no veto, and the nominee adds his Influence to the votes for. You are asked right after the "
          "consular elections only when somebody could be nominated; it stays possible in other business."),
        _("From the moment a Consul for Life exists, his faction decides every vote of that Senate for every "
          "faction not in revolt: only his faction is asked, and its form says how the Senators of the others "
          "vote (all of them the same way, spending nothing). The other factions are not asked: no Tribune, "
          "no standing vote and no assassination of theirs acts. His faction wins if the Republic survives "
          "the turn."),
    ), ("nominate_consul_for_life",)),
    _section("other-business", "9.8", _("Other business"), (
        _("After the Governors, the Presiding Magistrate chooses what to propose next, one kind at a time: "
          "Concessions, Land Bills, raising or disbanding forces, sending Commanders to war, Consul for Life, "
          "a minor motion... or he adjourns the Senate. Each proposal is one form, then the vote. Before the "
          "vote he may withdraw it, and choose again or adjourn. A Commander in the field may be recalled "
          "with all his force or with part of it."),
    ), ("other_business", "propose")),
    _section("consent", "9.7, 9.8", _("A Senator's consent"), (
        _("Some proposals need the consent of the Senator they name: a Prosecutor, the sponsors of a Land "
          "Bill, a Governor sent out again in the turn he came back, a Commander sent with less than the "
          "War's strength. His faction answers for him."),
    ), ("consent",)),
    _section("unanimous-defeat", "9.1", _("A unanimous defeat"), (
        _("When every Senator in Rome of the other factions votes against a proposal of the Presiding "
          "Magistrate, he either loses 1 Influence or steps down as Presiding Magistrate for the rest of the "
          "turn (a Censor: or ends the Prosecutions)."),
    ), ("unanimous_defeat",)),
    _section("assassination", "9.11", _("Assassination and Secret Bodyguards"), (
        _("Once a turn, while the Senate sits, a faction may try to assassinate a Senator of another faction: "
          "Assassin cards add 1 each to a die roll; 5 or more kills, 2 or less catches the assassin. After "
          "seeing the roll, the target's owner may play Secret Bodyguards: each lowers the roll by 1 and "
          "gives the assassin one more chance to be caught."),
    ), ("play_bodyguards",)),
    _section("new-alliance", "13", _("New Alliance"), (
        _("When New Alliance is in play, at the end of the Senate the HRAO chooses a War that makes peace: "
          "the State receives half its Spoils and the War goes back into the top of the deck."),
    ), ("new_alliance_choice",)),
    _section("repopulation", "9.9", _("Repopulating Rome"), (
        _("Whenever fewer than 8 Senators of the factions are in Rome, Senators from the Curia join the "
          "faction with the fewest Senators; with the Curia empty, that player chooses one of the unaligned "
          "Senators of the Forum."),
    ), ("choose_repopulation_senator",)),
    _section("revolution-cards", "11.1", _("Playing cards in the Revolution Phase"), (
        _("In the Revolution Phase each player in turn, from the HRAO's faction clockwise, may play Statesmen, "
          "assign Concessions from his hand to his own Senators (the Land Commissioner only while a Land Bill is "
          "in effect), discard cards and offer cards to other factions, all in one form. Discarded cards are "
          "shown to everybody; who offers how many cards to whom is public, which cards only the two players "
          "see."),
        _("No hand may keep more than five cards at the end of its turn; cards offered and not yet accepted "
          "still count. A faction that receives cards accepts or refuses them once every player has had his "
          "turn, and must keep five cards at most. Cards received this way cannot be played before the next "
          "Revolution Phase."),
    ), ("revolution_cards", "accept_cards")),
    _section("public-deals", "16", _("Public deals"), (
        _("Players may negotiate freely, in the open channel or in private messages, and may show each other "
          "their cards (the server writes \"show my cards\" from your real hand). Private deals are not "
          "enforced: breaking one is legitimate play."),
        _("A public deal made in the open channel can be recorded at the start of each Revolution Phase, all "
          "factions answering at once: the cards each side gives at once (the receiver cannot play them before "
          "the next Revolution Phase) and the talents each promises for the next Redistribution, shown on the "
          "board as owed; the server moves no money. The other faction confirms or refuses it. How many cards "
          "are given is public, which ones only the two factions see."),
        _("From the next Revolution Phase on, a party may claim that the other broke a recorded deal. The "
          "factions not party to it rule, in secret: the terms were not met, the deal was kept, or abstain. If "
          "more find a breach than find it kept, the claimant may void the deal: the cards he gave that are "
          "still in the other faction's hand come back to him, and the talents he promised are no longer owed. "
          "The server judges nothing itself; consular offices, assassinations, revolts and vote outcomes cannot "
          "be claimed."),
    ), ("public_deal", "confirm_deal", "rule_on_breach", "void_deal")),
    _section("revolt", "11.2", _("Declaring revolt"), (
        _("After the cards, each victorious Commander, from the HRAO's faction clockwise, may first test the "
          "loyalty of his Legions: one die per regular Legion, plus one for each talent he spends on it (at most "
          "one a Legion; his Master of Horse of the same faction may pay too); in the Early Republic 5 or more "
          "keeps the Legion, a lower roll sends it back to Italy. "
          "His Veterans always follow him. Then he lays down his command (his units return to Italy, he to "
          "Rome) or declares revolt; his Fleets never follow him."),
        _("Only one faction can be in revolt. When several Commanders declare in the same phase, the strongest "
          "army (units plus Military) stands and the others lay down their commands; while a rebel exists, "
          "nobody else may revolt. The other Senators of the rebel's faction in Rome or governing a Province "
          "each join the revolt or stay loyal. Rebels lose their offices, Knights and Concessions (which return to the Forum) and leave "
          "Rome. In the next Combat Phase the Senate must send an army against the rebel, or he wins."),
        _("Veterans loyal to a rebel join his army wherever they are. Veterans in the rebel army loyal to a "
          "Senator who stays loyal to Rome may desert: his faction decides, and deserters return to Italy."),
    ), ("loyalty_test", "declare_revolt", "secondary_rebel", "veteran_desertion")),
    _section("combat", "10", _("The Combat Phase"), (
        _("Each army sent against a War fights it, in the order its Commander was sent. While a War has naval "
          "strength and no Naval Victory marker, its Fleets are fought first; after a naval Victory the "
          "Commander's faction decides whether he fights the land battle at once (he needs Legions and the "
          "War's Fleet Support)."),
        _("The battle: three dice plus the Roman strength (Legions, Veterans count two; Fleets at sea) plus the "
          "Commander's Military (never more than that strength) minus the War's strength. An unmodified total "
          "on one of the War's Disaster or Standoff numbers is a Disaster or a Standoff; otherwise the Combat "
          "Results Table gives Defeat, Stalemate or Victory and the units lost. Mortality chits for the "
          "units lost may kill the Commander, or take him captive."),
        _("A captive's faction may pay his ransom, the greater of 10 talents and twice his Influence, at the "
          "start and at the end of every Combat Phase, from his own treasury and the Faction Treasury; he dies "
          "if his War is defeated first. Four Active Wars at the end of the phase destroy the Republic."),
    ), ("continue_to_land_battle", "pay_ransom")),
    _section("deadlines", "17.9", _("Missed deadlines"), (
        _("When a table plays defaults for missed deadlines, a missing decision is taken the way the game "
          "masters of the by-mail games did it: a missing vote abstains, a missing bid, bribe or contribution "
          "spends nothing, income stays where it was earned, and a Presiding Magistrate's nomination is made "
          "for him. Each decision's section says exactly what happens, and the prompt's board repeats it."),)),
)

PROMPT_SECTIONS: dict[str, str] = {kind: s["id"] for s in SECTIONS for kind in s["kinds"]}

# ------------------------------------------------------------------------------------------ glossary
GROUPS = {"senators": _("Senators and factions"), "offices": _("Offices"), "money": _("Money"),
          "forum": _("The Forum and the State")}

GLOSSARY: tuple[dict, ...] = (
    {"id": "faction", "group": "senators", "name": _("Faction"), "section": "goal",
     "text": _("A player's group of Senators (aligned Senators).")},
    {"id": "faction-leader", "group": "senators", "name": _("Faction Leader"), "section": "faction-leader",
     "text": _("The Senator carrying the faction's marker: cannot be persuaded, earns 3 talents a turn.")},
    {"id": "statesman", "group": "senators", "name": _("Statesman"), "section": "senators",
     "text": _("A famous Senator with better statistics, played from a hand; his number has a letter (1A).")},
    {"id": "unaligned", "group": "senators", "name": _("Unaligned Senator"), "section": "persuasion",
     "text": _("A Senator in the Forum who belongs to no faction: a target for persuasion.")},
    {"id": "knight", "group": "senators", "name": _("Knight"), "section": "initiative-actions",
     "text": _("One more vote and 1 talent of income a turn for its Senator.")},
    {"id": "prior-consul", "group": "senators", "name": _("Prior Consul"), "section": "censor",
     "text": _("A Senator who has been Consul: candidates for Censor come from them.")},
    {"id": "corrupt", "group": "senators", "name": _("Corrupt"), "section": "revenue",
     "text": _("A Senator who took spoils or concession income and may be prosecuted for it.")},
    {"id": "hrao", "group": "offices", "name": _("HRAO"), "section": "hrao",
     "text": _("The highest ranking available official in Rome.")},
    {"id": "rome-consul", "group": "offices", "name": name_of("Rome Consul"), "section": "consular-office",
     "text": _("The highest regular office: presides the Senate.")},
    {"id": "field-consul", "group": "offices", "name": name_of("Field Consul"), "section": "consular-office",
     "text": _("The second Consul, who commands in the field.")},
    {"id": "censor", "group": "offices", "name": name_of("Censor"), "section": "censor",
     "text": _("Presides the prosecutions of the Senate.")},
    {"id": "presiding-magistrate", "group": "offices", "name": _("Presiding Magistrate"), "section": "consuls",
     "text": _("Who runs the Senate: nominates, proposes and calls the factions to vote.")},
    {"id": "talent", "group": "money", "name": _("Talent (T)"), "section": "revenue",
     "text": _("Money. Personal treasuries are public; faction treasuries are secret.")},
    {"id": "faction-treasury", "group": "money", "name": _("Faction treasury"), "section": "redistribution",
     "text": _("A player's secret money: pays counter-bribes, ransoms and a rebel's army.")},
    {"id": "state-treasury", "group": "money", "name": _("State treasury"), "section": "state-accounts",
     "text": _("Rome's public money: if it cannot pay, everybody loses.")},
    {"id": "bribe", "group": "money", "name": _("Bribe and counter-bribe"), "section": "counter-bribe",
     "text": _("Talents that raise (bribe) or lower (counter-bribe) a persuasion's chance; the target gets "
               "them all.")},
    {"id": "forum", "group": "forum", "name": name_of("Forum"), "section": "initiatives",
     "text": _("Where unaligned Senators, Wars, Leaders, Events and unassigned Provinces and Concessions lie.")},
    {"id": "curia", "group": "forum", "name": _("Curia"), "section": "end-of-forum",
     "text": _("Where dead Senators, destroyed Concessions and Leaders without a War wait to come back.")},
    {"id": "war", "group": "forum", "name": _("War"), "section": "goal",
     "text": _("Active Wars cost the State 20 talents a turn; inactive ones wait; four Active Wars end the "
               "game.")},
    {"id": "unrest", "group": "forum", "name": _("Unrest"), "section": "population",
     "text": _("The people's anger: it makes the Population roll worse.")},
    {"id": "legion", "group": "forum", "name": _("Legions and Fleets"), "section": "state-accounts",
     "text": _("Rome's forces; each costs the State 2 talents a turn.")},
    {"id": "drought", "group": "forum", "name": name_of("Drought"), "section": "revenue",
     "text": _("Raises Unrest and lets grain Concessions earn more.")},
    {"id": "evil-omens", "group": "forum", "name": name_of("Evil Omens"), "section": "initiatives",
     "text": _("Lowers most die rolls by 1 and makes persuasion harder until the next Forum Phase.")},
    {"id": "manpower-shortage", "group": "forum", "name": name_of("Manpower Shortage"), "section": "population",
     "text": _("New Legions and Fleets cost more this turn.")},
)

# ------------------------------------------------------------------------------------------ options
OPTION_SECTIONS: dict[str, str] = {
    "temporary_consul": "setup", "game_end": "goal", "imminent_wars": "initiatives",
    "leader_change_or_games_exclusive": "initiative-actions", "third_party_persuasion_support": "persuasion", "blackmail_separate_rolls": "persuasion",
    "abandon_opposed_statesman": "persuasion", "legion_loss_costs_popularity": "combat",
    "recalled_governor_stays_corrupt": "revenue", "player_to_player_money": "redistribution",
    "card_trading": "information", "knight_attract_requires_rome": "initiative-actions",
    "evil_omens_affects_3d6": "population", "foreign_epidemic_kills": "mortality",
    "unprosecuted_test": "combat", "empty_faction_may_search_deck": "mortality",
    "population_row_10": "population", "data_overrides": "setup", "scenario": "setup",
    "senate_votes": "senate-vote",
}

OPTION_TITLES: dict[str, str] = {o.name: o.label for o in SPEC if o.label}

INTRO = _("A summary of The Republic of Rome (Avalon Hill 1990), Early Republic scenario, in our own words. The "
          "numbers are the sections of the rules each part summarises. Where the rules can be read two ways, "
          "the table options at the end say which reading this game uses.")
