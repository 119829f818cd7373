import { configure } from "@testing-library/react";

// Later screens arrive as a lazy chunk with their own catalog: on a loaded two-core CI
// machine (the whole suite running) a booking round trip can take several seconds.
configure({ asyncUtilTimeout: 8000 });
