-- What each player has won on an issue so far (issue 23): the per-issue payout cap reads it for the players of the
-- batch being settled, instead of summing every bet settled before (a cost that grew with the square of the issue's
-- bets). Written in the batch's transaction, under the issue's advisory lock, so batches on any process add up.
CREATE TABLE lottery_issue_wins (
  lottery_code text NOT NULL,
  issue_no text NOT NULL,
  operator text NOT NULL,
  player_id text NOT NULL,
  won_minor bigint NOT NULL CHECK (won_minor >= 0),
  PRIMARY KEY (lottery_code, issue_no, operator, player_id)
);

-- Issues being settled when this runs carry on from what their settled bets already won.
INSERT INTO lottery_issue_wins (lottery_code, issue_no, operator, player_id, won_minor)
SELECT b.lottery_code, b.issue_no, b.operator, b.player_id, sum(b.win_minor)
FROM lottery_bets b JOIN lottery_issues i ON i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
WHERE i.state = 'DRAWN' AND b.state = 'SETTLED' AND b.win_minor > 0
GROUP BY b.lottery_code, b.issue_no, b.operator, b.player_id;
