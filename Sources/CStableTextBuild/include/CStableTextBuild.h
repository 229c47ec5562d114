// What the build recorded about itself. scripts/package defines the macros (with -Xcc -D…);
// a plain `swift build` leaves them empty.
#ifndef C_STABLETEXT_BUILD_H
#define C_STABLETEXT_BUILD_H

/// The commit the binary was built from, or "" when the build did not say.
const char *stabletext_build_commit(void);

/// The commit's date (YYYY-MM-DD), or "".
const char *stabletext_build_date(void);

#endif
