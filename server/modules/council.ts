// The council module's registrations: sweepers, demo data, ledger invariants (filled in by its issue).
export {};
