-- Play statistics' day rows are rewritten by every take-in that finds play of theirs (issue 23: a lottery issue of
-- 200,000 bets settles in about a minute, and every batch of the take-in adds to the same members' rows of the day).
-- Their sums are in no index, so each rewrite can stay on its page without touching the two indexes (a HOT update)
-- when the page has room for it: a page is filled to 70% by inserts, the rest is kept for the rewrites, and a
-- rewrite's dead row is cleared from the page by the next one that reads it.
ALTER TABLE play_stat_days SET (fillfactor = 70);
