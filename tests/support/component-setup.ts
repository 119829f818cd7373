import { configure } from "@testing-library/react";

// Later screens arrive as a lazy chunk with their own catalog: on a loaded two-core CI
// machine the first one can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 4000 });
