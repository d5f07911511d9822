// Each module registers its sweepers, demo data and ledger invariants once per process (see server/modules/).
import "./modules/game";
import "./modules/council";
import "./modules/checkpoint";
