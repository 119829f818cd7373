/**
 * TEST_SLOWNESS (a whole number, default 1): how many times longer every wait of the tests
 * may take. CI's runs at other instants share the machine (three processes on two cores),
 * and there a file's database or first screen starts several times slower than alone.
 */
export const TEST_SLOWNESS = Math.max(1, Number.parseInt(process.env.TEST_SLOWNESS ?? "1", 10) || 1);
