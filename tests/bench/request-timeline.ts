/** One request of a page load, as Chromium's DevTools protocol reports it (times in ms from navigation). */
export interface TimedRequest {
  url: string;
  start: number;
  /** When its last byte arrived; undefined while it is still under way. */
  end: number | undefined;
  /** Bytes over the wire (headers and compressed body); 0 from the memory cache. */
  bytes: number;
}

export interface TimelineBefore {
  /** Bytes of the requests finished before `at`. */
  bytes: number;
  /** Requests started before `at`. */
  requests: number;
  /**
   * Round trips in series before `at`: a request counts one more than the deepest
   * request that had finished before it started (it may have waited for that one); the
   * page's own request counts 1. A page whose calls all start together has depth 2.
   */
  depth: number;
}

/** What a page had asked for, received and waited on by the time its first row showed. */
export function timelineBefore(requests: readonly TimedRequest[], at: number): TimelineBefore {
  const started = [...requests].filter((request) => request.start <= at).sort((a, b) => a.start - b.start);
  const depthOf = new Map<TimedRequest, number>();
  for (const request of started) {
    let deepest = 0;
    for (const [earlier, depth] of depthOf) {
      if (earlier.end !== undefined && earlier.end <= request.start) deepest = Math.max(deepest, depth);
    }
    depthOf.set(request, deepest + 1);
  }
  return {
    bytes: started.reduce((sum, request) => sum + (request.end !== undefined && request.end <= at ? request.bytes : 0), 0),
    requests: started.length,
    depth: Math.max(0, ...depthOf.values()),
  };
}
