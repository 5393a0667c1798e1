"""Why a move was refused, in the learner's language: the rules' titles and reasons.

Every error the engines raise on a forbidden move carries the rule it breaks
(``IllegalMoveError.rule``, e.g. ``"CK-06"``), but its message is English. This module
holds, for every rule ID of docs/rules/*.md, a short title and a sentence or two saying what
the rule requires, in English and Japanese (``RULE_WORDS``: keys ``rule.<ID>.title`` and
``rule.<ID>.why``, plus the ``error.*`` templates), and ``error_text(err)`` builds the
line a board shows:

    error_text(err, "en")   # str(err), unchanged
    error_text(err, "ja")   # 'その手はできません（CK-06 強制取り）: 取れる駒があるときは…'

The English titles are the docs' headings word for word (a test checks it); the
Japanese uses the words of the original articles and of the kit (王駒, 子駒, キング,
ゾロ目, ヒット, ベアオフ, 表/裏, 寝かし …). ``boardkit.i18n`` merges ``RULE_WORDS`` into
its catalogue with ``add(lang, entries)`` and hands it its ``language`` (``language_source``);
this module never imports the catalogue.
"""
from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

from .errors import FormatError

__all__ = ["RULE_WORDS", "RULE_IDS", "error_text"]

# rule ID: (English title = the docs heading, English reason, Japanese title, Japanese reason)
_RULES: dict[str, tuple[str, str, str, str]] = {
    # ------------------------------------------------------------ checkers (CK)
    "CK-01": (
        "Board",
        "Play happens on the dark squares only, numbered 1 to 32 on 8x8 (1 to 50 on 10x10) "
        "row by row from the top of the diagram.",
        "盤",
        "駒は黒マスだけを使い、黒マスには図の上の段から順に 1〜32"
        "（10×10 の盤では 1〜50）の番号が付いています。",
    ),
    "CK-02": (
        "Setup",
        "Each side starts with its men on the dark squares of the rows nearest to it "
        "(12 men on three rows on 8x8, 20 on four rows on 10x10, 30 on five rows on 12x12), "
        "with the two middle rows empty.",
        "最初の並べ方",
        "それぞれ自分に近い段の黒マスに駒を並べ、まん中の2段は空けて始めます"
        "（8×8 は3段に12個、10×10 は4段に20個、12×12 は5段に30個）。",
    ),
    "CK-03": (
        "Who moves first",
        "In American checkers Black moves first, in international draughts White moves "
        "first, and then the players take turns, one move each.",
        "先手",
        "アメリカ式では黒が、国際式では白が先に動かし、そのあとは1手ずつ交代します。",
    ),
    "CK-04": (
        "Man step",
        "A man steps one square diagonally forward onto an empty dark square, and the "
        "player whose turn it is must move (there is no pass).",
        "駒の進み方",
        "キングでない駒は、斜め前の空いている黒マスへ1マスだけ進めます"
        "（まっすぐや横へは動けず、取るとき以外は後ろへも下がれず、パスもできません）。",
    ),
    "CK-05": (
        "Jump (capture)",
        "A piece captures by jumping over a diagonally adjacent opposing piece onto the "
        "empty square right behind it; American men jump forward only, international men "
        "also backwards.",
        "跳び越して取る",
        "斜めのとなりにある相手の駒は、そのすぐ先のマスが空いていれば跳び越して取れます"
        "（キングでない駒は、アメリカ式では前向きにしか跳べず、国際式では後ろ向きにも"
        "跳べます）。",
    ),
    "CK-06": (
        "Forced capture",
        "When a capture is possible the player must capture (unless the rule set makes "
        "capturing optional, as no_forced does), and under majority capture, as in "
        "international draughts, the sequence taking the most pieces must be chosen.",
        "強制取り",
        "取れる駒があるときは、必ず取らなければなりません（強制取りなしのルールを除く）。"
        "国際式のように「いちばん多く取る」ルールでは、いちばん多く取れる跳び方を選びます。",
    ),
    "CK-07": (
        "Multi-jump",
        "If the piece that has jumped can jump again it must go on jumping in the same move "
        "and may not stop while a jump remains; in international draughts no piece may be "
        "jumped twice and the jumped pieces stay on the board until the move ends.",
        "連続で取る",
        "1回跳んだ駒がまだ跳べるなら、同じ番のうちに続けて跳ばなければならず、"
        "途中でやめることはできません。国際式では同じ駒を2回跳び越すことはできず、"
        "跳び越した駒は跳び終わるまで盤に残ります。",
    ),
    "CK-08": (
        "Kinging",
        "A man that ends its move on the far row is crowned king; in American checkers a man "
        "crowned by a jump stops there, and in international draughts a man that only passes "
        "the far row during a capture stays a man.",
        "キングになる",
        "駒は相手側のいちばん奥の段で動き終わるとキングになり、アメリカ式では跳んで奥の段に"
        "着いたらその番はそこで終わり、国際式では跳ぶ途中で奥の段を通っただけでは"
        "キングになりません。",
    ),
    "CK-09": (
        "King moves",
        "An American king steps one square diagonally in any direction and jumps forwards or "
        "backwards like a man; an international (flying) king moves any number of squares "
        "along a diagonal over empty squares and captures a piece at any distance.",
        "キングの動き",
        "アメリカ式のキングは斜め4つの向きのどれにでも1マス進めて前後どちらへも跳び越して"
        "取れ、国際式のキングは斜めの線の上を空いたマスならいくつでも進めて、離れた相手の駒も"
        "跳び越して取れます。",
    ),
    "CK-10": (
        "Win",
        "A player wins when the opponent has no pieces left or, on their turn, has no legal "
        "move.",
        "勝ち",
        "相手の駒を全部取るか、相手が自分の番に動かせる駒が1つもなくなれば勝ちです。",
    ),
    "CK-11": (
        "Draw by repetition",
        "The game is drawn when the same position, with the same player to move, occurs for "
        "the third time.",
        "同じ並び3回で引き分け",
        "同じ並び（同じ人の番）が3回目になると引き分けです。",
    ),
    "CK-12": (
        "Draw, American (40-move rule)",
        "Under American draw rules the game is drawn after 40 moves by each side (80 plies "
        "in a row) with no capture and no man moving; every capture and every man move "
        "restarts the count.",
        "40手の引き分け（アメリカ式）",
        "アメリカ式の引き分けルールでは、駒を取ることもキングでない駒を動かすこともないまま"
        "40手ずつ（2人で80手続けて）指すと引き分けで、駒を取るかキングでない駒を動かす"
        "たびに数え直しになります。",
    ),
    "CK-13": (
        "Draw, international",
        "Under international draw rules the game is drawn after 25 moves by each side with "
        "only kings moving and no capture, and against a lone king after 16 moves each with "
        "three pieces (one a king) or 5 moves each with two pieces (one a king) or one king.",
        "引き分け（国際式）",
        "国際式の引き分けルールでは、駒を取らずにキングだけが25手ずつ動くと引き分けで、"
        "キング1つだけの側に対して、相手がキングを含む3つなら16手ずつ、キングを含む2つ"
        "（またはキング1つ）なら5手ずつで引き分けになります。",
    ),
    "CK-14": (
        "Presets",
        "The rule sets are american (8x8, Black first, forced capture), no_forced (American "
        "with optional capture), international (10x10, White first, majority capture, flying "
        "kings) and custom, which combines the options one by one.",
        "ルールの種類",
        "ルールは、アメリカ式（8×8、黒が先手、強制取り）、アメリカ式（取らなくてもよい）、"
        "国際式（10×10、白が先手、いちばん多く取る、キングは何マスでも進める）と、"
        "1つずつ組み合わせる「自分で決める」から選べます。",
    ),
    "CK-15": (
        "Moves as text",
        "Moves are written with square numbers (11-15 for a step, 15x24 for a jump, 15x24x31 "
        "for a multi-jump listing every landing square), and a capture written by its start "
        "and end only must fit exactly one capture.",
        "手の書き方",
        "手はマスの番号で書き（進むのは 11-15、跳んで取るのは 15x24、続けて取るのは "
        "15x24x31 のように着いたマスを全部書きます）、始めと終わりだけの書き方は、"
        "当てはまる取り方が1つのときだけ使えます。",
    ),
    # ------------------------------------------------------- Diamond Game (DG)
    "DG-01": (
        "Board",
        "The board is a six-pointed star of 121 holes: a hexagon of 61 holes and six tips of "
        "10 holes each.",
        "盤",
        "盤は121マスの星形で、真ん中の六角形（61マス）と6つの星の先（10マスずつ）で"
        "できています。",
    ),
    "DG-02": (
        "Colours and camps",
        "There are three colours (red, yellow, green) with 15 pieces each, opposite tips "
        "share a colour, and a camp is a tip's 10 holes with the 5 border holes along its "
        "base, ◎ marking its far corner.",
        "色と陣地",
        "色は赤・黄・緑の3つで1色15個、向かい合う星の先は同じ色で、陣地は星の先の10マスと"
        "境界線の5マスを合わせた15マスです（一番先のマスが◎）。",
    ),
    "DG-03": (
        "Shared corners",
        "The two end holes of a camp's border also belong to the neighbouring camps, so a "
        "piece left on a start corner can sit inside another player's goal.",
        "重なる角のマス",
        "境界線の両端の角のマスは隣の陣地にも入っているので、出発の陣地の角に残った駒は、"
        "隣の人のゴールの陣地の中にいることになります。",
    ),
    "DG-04": (
        "Pieces",
        "Each colour has one king piece (王駒) and 14 ordinary pieces, which start in the "
        "start camp with the king on the start ◎.",
        "駒",
        "1色15個のうち1個が王駒、14個が子駒で、最初は出発の陣地に全部並べ、"
        "王駒は◎に置きます。",
    ),
    "DG-05": (
        "Three players",
        "With three players the start camps are every other tip, each player heads for the "
        "opposite tip of their own colour, and turns go clockwise: red, yellow, green (any "
        "seat may move first).",
        "3人で遊ぶ",
        "3人のときは出発の陣地が1つおきに並んでそれぞれ向かいの同じ色の陣地を目指し、"
        "番は赤→黄→緑の順（時計回り）に回ります（先手は選べます）。",
    ),
    "DG-06": (
        "Two players",
        "Two players use red and yellow with 15 pieces each, each aiming at its own opposite "
        "camp, and the third colour's tips stay closed to both.",
        "2人で遊ぶ",
        "2人のときは赤と黄の2色（1人15個）を使ってそれぞれ自分の色の向かいの陣地を目指し、"
        "使わない緑の星の先にはどちらも入れません。",
    ),
    "DG-07": (
        "One piece per turn",
        "A turn moves exactly one of the player's own pieces, by one step or by one or more "
        "hops, and a player passes only when they have no legal move.",
        "1回に1個",
        "自分の番には自分の駒を1個だけ、1マス進めるか飛び越して動かし、動かせる手が"
        "1つもないときだけパスになります。",
    ),
    "DG-08": (
        "Step",
        "A step moves a piece to a neighbouring empty hole in any of the six directions, and "
        "a step is the whole turn.",
        "1マス進む",
        "駒は線でつながった隣の空いたマスへ、前・横・後ろのどの向きにも1マス進めて、"
        "進んだらその番は終わりです。",
    ),
    "DG-09": (
        "Hop",
        "A piece hops over one neighbouring piece of any colour to the empty hole just beyond "
        "it on the same line, capturing nothing, and an ordinary piece cannot hop two or "
        "more touching pieces in a row.",
        "飛び越す",
        "隣の駒1個（何色でも）は、一直線上のすぐ向こうのマスが空いていれば飛び越せます"
        "（飛び越された駒は取られず、くっついて並んだ2個以上は子駒では飛び越せません）。",
    ),
    "DG-10": (
        "Chains",
        "After a hop the same piece may hop again as often as it can and stop after any hop, "
        "but it may not land twice on the same hole or come back to its start, and a step "
        "and hops never mix in one turn.",
        "続けて飛ぶ",
        "飛び越したあと同じ駒で何回でも続けて飛べて、どこで止まってもかまいませんが、"
        "同じ番に一度着いたマスや出発したマスへ戻ることはできず、1マス進む動きと飛び越しを"
        "同じ番に混ぜることもできません。",
    ),
    "DG-11": (
        "King group jump",
        "The king may jump a straight row of any number of touching pieces and land on the "
        "empty hole right after it; when king_hops_after_group is off, a group jump over two "
        "or more pieces ends the king's turn.",
        "王駒のまとめ飛び",
        "王駒だけは、一直線にくっついて並んだ駒をいくつでもまとめて飛び越して、すぐ向こうの"
        "空いたマスに着けます（まとめて飛んだあとも飛べる設定がオフなら、2個以上をまとめて"
        "飛んだところでその番は終わりです）。",
    ),
    "DG-12": (
        "Kings block",
        "No piece may jump a king, own or opponent's, and a row that contains a king cannot "
        "be jumped as a group either.",
        "王駒は飛び越せない",
        "王駒の上は、子駒も王駒も、自分のでも相手のでも飛び越せず、王駒が混じった列を"
        "まとめて飛ぶこともできません。",
    ),
    "DG-13": (
        "Forbidden tips",
        "A piece may never stop on, nor land during a chain on, a tip hole of another colour "
        "(a colour nobody plays included); border holes are open to everyone.",
        "他の色の星の先",
        "他の色の星の先の10マス（だれも使っていない色のものも）には、止まることも、"
        "続けて飛ぶ途中に着くこともできません（境界線のマスはだれでも使えます）。",
    ),
    "DG-14": (
        "Finish",
        "A player finishes when all their pieces are in the goal camp with the king on the "
        "goal ◎, a three-player game goes on until the ranking is settled, and a game stops "
        "unfinished after max_turns turns.",
        "上がり",
        "自分の駒が全部ゴールの陣地に入り、王駒がゴールの◎にあれば上がりで、3人のときは"
        "順位が決まるまで続けます（決められた手数を超えると、そこで打ち切りです）。",
    ),
    "DG-15": (
        "◎ occupied by an ordinary piece",
        "While an ordinary piece of your own sits on the goal ◎ you have not finished: it "
        "must move off and the king take its place.",
        "◎に子駒",
        "ゴールの◎に自分の子駒があるうちは上がりにならず、その子駒をどかして王駒を◎に"
        "入れる必要があります。",
    ),
    "DG-16": (
        "Blocked goal (default rule)",
        "A player has finished when every hole of their goal camp is occupied, by anyone, "
        "and their king is on the goal ◎ (without kings: when the full goal holds one of "
        "their pieces); under the no-squatting house rule a player must, after the given "
        "number of turns, move a piece out of their start camp when such a move exists.",
        "ゴールをふさがれたとき",
        "ゴールの陣地のマスが（だれの駒でも）全部埋まり、自分の王駒が◎にあれば上がりです"
        "（王駒なしのルールでは、埋まった中に自分の駒が1つでもあれば上がり）。"
        "ハウスルール「出発の陣地に残さない」では、決められた回数の番のあと、"
        "出発の陣地から駒を出せるときは出さなければなりません。",
    ),
    "DG-17": (
        "No king",
        "With kings=False all 15 pieces are ordinary, and a player finishes when all 15 are "
        "in the goal camp (or by DG-16's kingless rule when the goal is blocked).",
        "王駒なし",
        "王駒なしでは15個が全部子駒で、全部ゴールの陣地に入れれば上がりです"
        "（ゴールをふさがれたときは DG-16 の王駒なしの決まり）。",
    ),
    "DG-18": (
        "Ten pieces",
        "With pieces=10 each player has 10 pieces (with kings: one king on ◎ and 9 ordinary "
        "ones) on the 10 tip holes of the start camp and brings them to the 10 tip holes of "
        "the goal, on the 121-hole board or the 73-hole small board.",
        "駒10個",
        "駒10個では、1人10個（王駒ありなら王駒1個と子駒9個）を出発の陣地の星の先の10マスに"
        "並べ、ゴールの星の先の10マスを目指します（121マスの盤でも、73マスの小さい盤でも"
        "遊べます）。",
    ),
    "DG-19": (
        "Long jump",
        "Only with long_jump on may a piece jump a single piece d holes away along a line, "
        "landing d holes beyond it, and only if every hole between and the landing hole are "
        "empty (kings still cannot be jumped).",
        "長い飛び越し",
        "離れた駒1個を飛び越す「長い飛び越し」は、そのルールを選んだときだけでき、駒までと"
        "同じだけ向こうのマスへ着きます（間のマスと着くマスは全部空いていなければならず、"
        "王駒は飛び越せません）。",
    ),
    "DG-20": (
        "Chinese checkers board",
        "On the six-colour Chinese checkers board each tip has its own colour and 10 pieces, "
        "2, 3, 4 or 6 players each aim at the opposite tip, there are no kings, and every "
        "hole may be entered.",
        "チャイニーズチェッカーの盤",
        "チャイニーズチェッカーの盤では6つの星の先がそれぞれ別の色で（1色10個）、2・3・4・6人"
        "がそれぞれ向かいの先を目指し、王駒はなく、どのマスにも入れます。",
    ),
    # ---------------------------------------------------------- backgammon (BG)
    "BG-01": (
        "Board",
        "Each player counts the 24 points from their own side, moving from their 24-point "
        "down to their 1-point and then off, so the opponent's point n is their point 25 − n.",
        "盤とポイントの番号",
        "24個のポイントの番号は動かす人から見て数え（自分のコマは24ポイントから1ポイントへ"
        "進んで盤の外へ出ます）、相手の n ポイントは自分の 25−n ポイントです。",
    ),
    "BG-02": (
        "Setup",
        "Each player starts with 15 checkers: two on the 24-point, five on the 13-point, "
        "three on the 8-point and five on the 6-point.",
        "最初の並べ方",
        "コマは1人15個で、24ポイントに2個、13ポイントに5個、8ポイントに3個、6ポイントに"
        "5個並べて始めます。",
    ),
    "BG-03": (
        "Opening roll",
        "Each player first rolls one die and the higher number moves first with those two "
        "numbers (equal numbers are rolled again); after that each player rolls two dice at "
        "the start of each turn.",
        "先手を決める一振り",
        "初めに2人がさいころを1個ずつ振って大きい目を出した人がその2つの目で先に動かし"
        "（同じ目なら振り直し）、そのあとは自分の番のたびにさいころを2個振ります。",
    ),
    "BG-04": (
        "Moving",
        "Each die moves one checker forward by its number, and a checker that uses both dice "
        "stops on the point in between, which must itself be a legal landing point.",
        "コマの進め方",
        "さいころの目1つで、コマ1個をその数だけ前へ進めます（1個のコマに両方の目を使うときは、"
        "1つ目の目で着いたポイントにいったん止まるので、そこにも止まれなければなりません）。",
    ),
    "BG-05": (
        "Landing",
        "A checker may land on an empty point, on its own checkers or on a single opposing "
        "checker (a hit), but not on a point held by two or more opposing checkers, which it "
        "may pass over.",
        "止まれるポイント",
        "コマが止まれるのは、空いているポイント、自分のコマがあるポイント、相手のコマが"
        "1個だけのポイント（ヒット）で、相手のコマが2個以上あるポイントには止まれません"
        "（通りすぎるのはかまいません）。",
    ),
    "BG-06": (
        "Doubles",
        "Equal dice are played four times: four moves of that number, by one checker or "
        "several.",
        "ゾロ目",
        "ゾロ目が出たら、その目で4回動かします（同じコマでも別々のコマでもかまいません）。",
    ),
    "BG-07": (
        "Hitting and the bar",
        "A hit checker goes to the bar, and a player with checkers on the bar must enter "
        "them all in the opponent's home board (a die n on their point 25 − n) before moving "
        "any other checker.",
        "ヒットとバー",
        "ヒットされたコマはバーに置かれ、バーにコマがある人は、そのコマを全部相手のインナーへ"
        "戻す（エンターする）まで、ほかのコマを動かせません（n の目で入るのは 25−n ポイント）。",
    ),
    "BG-08": (
        "Using as much of the roll as possible",
        "The roll must be used as fully as possible: both dice if any play uses both, else "
        "the larger die when it can be played, with doubles as many of the four moves as "
        "possible, and a turn is passed only when nothing can be played.",
        "使える目は必ず使う",
        "出た目は使えるかぎり使わなければならず（両方使える動かし方があれば両方、片方だけなら"
        "大きい目、ゾロ目ならできるだけ多く）、1つも動かせないときだけパスになります。",
    ),
    "BG-09": (
        "Bearing off",
        "A player may bear off only once all fifteen checkers are in their home board; a die "
        "bears off a checker from the point of its number, and from a lower point only when "
        "no checker stands on a higher one.",
        "ベアオフ（上がり）",
        "15個のコマが全部インナーに入ってからでないとコマを上げられず（ベアオフ）、"
        "上げられるのは目と同じ番号のポイントのコマで、そこにコマがなければそれより後ろの"
        "コマを進め、後ろにもなければ一番後ろのコマを上げます。",
    ),
    "BG-10": (
        "Winning",
        "The first player to bear off all fifteen checkers wins, and there are no draws.",
        "勝ち",
        "15個のコマを先に全部上げた人の勝ちで、引き分けはありません。",
    ),
    "BG-11": (
        "Kinds of win",
        "A win is single (1 point) when the loser has borne off a checker, a gammon "
        "(2 points) when the loser has borne off none, and a backgammon (3 points) when the "
        "loser also still has a checker on the bar or in the winner's home board.",
        "勝ち方の3種類",
        "負けた人が1個でも上げていれば普通の勝ち（1点）、1個も上げていなければギャモン勝ち"
        "（2点）、さらにバーか勝った人のインナーにコマが残っていればバックギャモン勝ち"
        "（3点）です。",
    ),
    "BG-12": (
        "The doubling cube",
        "A player may double only before rolling, at first either player and after that only "
        "the cube's owner, up to 64, and the opponent must take (the stake doubles) or pass "
        "(losing the stake as it was before the double).",
        "ダブリングキューブ",
        "ダブルできるのはさいころを振る前だけで、最初はどちらでも、そのあとはキューブを"
        "持っている人だけです（64まで）。ダブルされた人は、テイク（点数が2倍になって続ける）か"
        "パス（ダブルの前の点数で負け）を選びます。",
    ),
    "BG-13": (
        "Point match",
        "A match is played to N points, each win adding its points (kind of win times the "
        "cube) to the winner's score until one player has N, and a set-up score must be from "
        "0 to N − 1.",
        "ポイントマッチ",
        "ポイントマッチでは勝つたびに勝ち方の点数×キューブの数を足していき、先に N 点に"
        "届いた人の勝ちです（途中から始めるときの点数は0以上 N 点未満）。",
    ),
    "BG-14": (
        "Crawford rule",
        "In a match, nobody may double in the one game that follows a player's first "
        "reaching N − 1 points; from the next game on doubling is allowed again.",
        "クロフォードルール",
        "マッチでどちらかが初めて「あと1点で勝ち」になった次の1ゲーム（クロフォードゲーム）"
        "だけは、どちらもダブルできません。",
    ),
    "BG-15": (
        "Jacoby rule",
        "With the Jacoby rule (money play only), a gammon or a backgammon counts as a single "
        "game unless the cube has been turned during the game.",
        "ジャコビールール",
        "ジャコビールール（マッチでないときだけ）では、ダブルが一度もなかったゲームの"
        "ギャモン勝ちやバックギャモン勝ちを1点と数えます。",
    ),
    "BG-16": (
        "Move text",
        "Plays are written from the mover's side, such as 24/18 13/11, bar/22, 6/off or "
        "8/5(2), with * marking a hit.",
        "手の書き方",
        "手は動かす人から見たポイントの番号で 24/18 13/11、bar/22、6/off、8/5(2) のように"
        "書き、ヒットには * を付けます。",
    ),
    "BG-17": (
        "Positions and matches",
        "Positions and match states are read and written as GNU Backgammon's Position ID and "
        "Match ID, and a loaded game must be one that play can reach.",
        "局面IDとマッチID",
        "局面は GNU Backgammon の Position ID（14文字）と Match ID（12文字）で読み書きでき、"
        "読み込めるのは実際のゲームで起こりうる局面だけです。",
    ),
    # ------------------------------------------------------------ 回り将棋 (MS)
    "MS-01": (
        "Track",
        "Pieces run counter-clockwise round the track, the 32 squares of the board's outer "
        "ring.",
        "進む道",
        "駒は盤の一番外側のマス（32マス）だけを、時計の針と反対回りに進みます。",
    ),
    "MS-02": (
        "Players",
        "Two to four players each start with one 歩 on their home corner: 1九, 1一, 9一 and "
        "9九 for P1 to P4, or 1九 and 9一 with two players.",
        "プレイヤーと陣地",
        "2〜4人で遊び、それぞれ歩を1枚、自分の陣地の隅に置いて始めます（P1 から順に 1九・"
        "1一・9一・9九、2人なら 1九 と 9一）。",
    ),
    "MS-03": (
        "Late join",
        "A newcomer may join a game under way between turns (not during a battle or a battle "
        "decision), up to four players, on a free corner with a piece of the lowest rank in "
        "play.",
        "途中参加",
        "ゲームの途中から入る人は、番と番の間（戦やその宣言の最中でないとき）に、あいている"
        "隅から、いま盤にある一番格下の駒と同じ駒で加われます（4人まで）。",
    ),
    "MS-04": (
        "Outcomes of one gold",
        "Each gold lands face up (表), face down (裏), on its side (横), upright (縦) or on "
        "its head (逆立ち), and a toss may also have golds overlapping or a gold falling off.",
        "金の出方",
        "振った金は1枚ずつ表・裏・横・縦・逆立ちのどれかになり、振り全体では重なりや"
        "落ち駒もあります。",
    ),
    "MS-05": (
        "Value of a toss",
        "A toss is worth one square per gold face up, five per gold on its side, ten per "
        "upright gold and a hundred per gold on its head, and 20 squares when all four are "
        "face down.",
        "進む数",
        "表の金1枚につき1マス、横に立てば5マス、縦に立てば10マス、逆立ちなら100マス進み、"
        "4枚とも裏なら20マス進みます。",
    ),
    "MS-06": (
        "Overlap",
        "If any golds overlap the piece goes back one square per gold face up (20 when all "
        "four are face down, or the whole value under the whole_value option), never beyond "
        "the last corner it passed.",
        "重なり",
        "金が1枚でも重なったら表の金の数だけ戻り（4枚とも裏なら20マス、設定によっては"
        "出た目の数だけ）、戻るのは最後に通った隅までです。",
    ),
    "MS-07": (
        "No face-down gold: toss again",
        "When none of the four golds lies face down, the player moves and then tosses once "
        "more, as often as it happens, unless the toss had an overlap or a fallen gold.",
        "裏なしでもう一度",
        "裏の金が1枚もなければ進んだあとにもう一度振れます（何回続いてもよく、重なりや"
        "落ち駒のときは振れません）。",
    ),
    "MS-08": (
        "Fallen gold",
        "When a gold falls off the table the toss counts for nothing, with no moving forward "
        "or back and no extra toss.",
        "落ち駒",
        "金が台から落ちたら（落ち駒）、その振りでは進みも戻りもせず、もう一度振ることも"
        "できません。",
    ),
    "MS-09": (
        "Probability model",
        "How often a gold lands each way is a chosen parameter: every chance must be a "
        "number from 0 to 1, and the chances of the faces must add up to 1.",
        "金の出方の確率",
        "金がどう出るかの確率は設定で決める数で、どれも0から1までの数でなければならず、"
        "表・裏・横・縦・逆立ちの確率を足すと1にならなければなりません。",
    ),
    "MS-10": (
        "Promotion (出世)",
        "Each time a piece passes or reaches its own home corner it goes up one rank "
        "(歩, 香, 桂, 銀), and when a 銀 completes a lap the game ends at once.",
        "出世",
        "駒が自分の陣地の隅を通るか着くたびに歩→香→桂→銀と1つ格が上がり、銀が一周したら"
        "その場でゲーム終了です。",
    ),
    "MS-11": (
        "Ranking",
        "The player who finished is first, and the others rank by the rank of their piece, "
        "then by how far it has come on its current lap, then by seat order.",
        "順位",
        "上がった人が1位で、ほかの人は駒の格、同じ格なら今の周で進んだマスの数、それも"
        "同じなら席の順（P1 が先）で順位が決まります。",
    ),
    "MS-12": (
        "Laying down (寝かし) and waking (起こし)",
        "A piece that passes a lower-ranked piece with a normal forward move lays it down "
        "until any piece passes it, but a piece on a corner cannot be laid down, and with "
        "two players a laid piece misses just one turn.",
        "寝かしと起こし",
        "ふつうに進んで格下の駒を追い越すとその駒を寝かせ、寝かされた駒はだれかに追い越される"
        "までお休みですが、隅にいる駒は寝かせられず、2人のときは1回休めば起きます。",
    ),
    "MS-13": (
        "Two up (2あがり)",
        "When a normal forward move ends on a square where another piece stands, both go on "
        "2 more squares (again if they land on another piece); a two-up lays nobody down and "
        "never follows a move back.",
        "2あがり",
        "ふつうに進んでほかの駒と同じマスに止まったら、どちらも2マス進み（そこにも駒がいれば"
        "さらに2マス）、2あがりでは寝かしはなく、戻って重なったときは2あがりになりません。",
    ),
    "MS-14": (
        "Corner jump (飛び)",
        "A piece that ends a normal forward move exactly on a corner that is not its own home "
        "jumps on to the next corner, once per move, but never after moving back or a two-up.",
        "飛び",
        "ふつうに進んで自分の陣地でない隅にちょうど止まったら次の隅まで飛び（1回の進みで"
        "1回だけ）、戻りや2あがりで隅に着いたときは飛びません。",
    ),
    "MS-15": (
        "Battle (戦)",
        "A battle may be declared only right after a normal forward move that ends in line "
        "with an opposing piece on the opposite edge (corners never count; any line with "
        "battle_line=\"any\"); the two race across and back, and the first one back wins "
        "and is promoted one rank.",
        "戦",
        "戦を宣言できるのは、ふつうに進んで、向かいの辺にいる相手の駒と一直線に並んだ直後だけです"
        "（隅は数えず、設定によってはどの直線でも）。戦では2人が互いの位置まで往復し、"
        "先に戻った方が勝って1つ格が上がります。",
    ),
}

#: every rule ID of docs/rules/*.md, in the docs' order
RULE_IDS: tuple[str, ...] = tuple(_RULES)

# The lines a board shows (error_text). English boards show str(err) itself; the English
# templates are there so the catalogue is complete in both languages.
_TEMPLATES = {
    "en": {
        "error.refused": "That move is not allowed ({rule} {title}): {why}",
        "error.format": "The text could not be read ({detail})",
        "error.other": "That cannot be done ({detail})",
        "error.rule_sep": ", ",
        "error.why_sep": " ",
    },
    "ja": {
        "error.refused": "その手はできません（{rule} {title}）: {why}",
        "error.format": "書かれた内容を読み取れませんでした（{detail}）",
        "error.other": "それはできません（{detail}）",
        "error.rule_sep": "・",
        "error.why_sep": "",
    },
}


def _words(lang: str) -> dict[str, str]:
    k = 0 if lang == "en" else 2
    out = {}
    for rid, texts in _RULES.items():
        out[f"rule.{rid}.title"] = texts[k]
        out[f"rule.{rid}.why"] = texts[k + 1]
    out.update(_TEMPLATES[lang])
    return out


#: the catalogue entries, per language (merged into boardkit.i18n by ``add``)
RULE_WORDS: dict[str, dict[str, str]] = {"en": _words("en"), "ja": _words("ja")}

_ID = re.compile(r"[A-Z]{2}-\d\d")


def _fill(template: str, **fields: str) -> str:
    """``template`` with its fields; only the named ones, so a stray brace in a value or
    a template edited later cannot raise."""
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(fields.get(name, "{" + name + "}"))
    return "".join(out)


#: gives the current language; ``boardkit.i18n`` sets it to its ``language`` when it loads
#: (this module sits below the catalogue and never imports it)
language_source: Callable[[], str] = lambda: "en"  # noqa: E731


def _current_language() -> str:
    try:
        return language_source()
    except Exception:       # error_text must answer even if the catalogue cannot load
        return "en"


def _plain(err: Any) -> str:
    try:
        return str(err)
    except Exception:
        return type(err).__name__


def error_text(err: BaseException, lang: str | None = None) -> str:
    """The text a board shows for ``err`` (a BoardkitError) in ``lang`` (None: the
    current language of ``boardkit.i18n``).

    English, or a language without these words: ``str(err)`` unchanged. Otherwise: a
    refused move with a known ``err.rule`` (one ID, or several as "DG-09, DG-11") gives
    the rule's title and reason; a ``FormatError`` says the text could not be read and
    keeps the English detail (it names the format) in parentheses; anything else, an
    unknown rule included, gives the general line with the English detail. Never raises.
    """
    detail = _plain(err)
    try:
        lang = lang or _current_language()
        words = RULE_WORDS.get(lang)
        if lang == "en" or not words:
            return detail
        rule = getattr(err, "rule", None)
        ids = _ID.findall(rule) if isinstance(rule, str) else []
        known = bool(ids) and all(f"rule.{i}.why" in words for i in ids) \
            and _ID.sub("", str(rule)).replace(",", "").strip() == ""
        if known:
            sep = words["error.rule_sep"]
            why = words["error.why_sep"].join(words[f"rule.{i}.why"] for i in ids)
            return _fill(words["error.refused"], rule=sep.join(ids),
                         title=sep.join(words[f"rule.{i}.title"] for i in ids), why=why)
        key = "error.format" if isinstance(err, FormatError) else "error.other"
        return _fill(words[key], detail=detail)
    except Exception:
        return detail
