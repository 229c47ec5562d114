// PCRE2's functions for UTF-8 subjects: pcre2.h names each `pcre2_x_8` when the code unit
// width is 8 (Swift sees those names; the `pcre2_x` macros are not imported).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
