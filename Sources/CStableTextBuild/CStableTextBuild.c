#include "CStableTextBuild.h"

#ifndef STABLETEXT_BUILD_COMMIT
#define STABLETEXT_BUILD_COMMIT ""
#endif
#ifndef STABLETEXT_BUILD_DATE
#define STABLETEXT_BUILD_DATE ""
#endif

const char *stabletext_build_commit(void) { return STABLETEXT_BUILD_COMMIT; }

const char *stabletext_build_date(void) { return STABLETEXT_BUILD_DATE; }
