-- Issue 15: statistics for companies.name_search (migration 0019 rewrote the table, and autovacuum analyzes on row
-- changes, not rewrites): without them the planner guesses one matching company for a name filter and sorts all its
-- orders instead of walking orders newest first (oper-filter-client-name: 15.5 ms → 1.8 ms of SQL).
ANALYZE "companies";
