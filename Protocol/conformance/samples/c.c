/* Conformance sample in C: 🙂 emoji, 한국어 and 日本語 in comments, \r\n lines. */
#include <stdio.h>

struct point { int x; int y; };  /* 점 */

static int add(int a, int b) { return a + b; }  // 👨‍👩‍👧‍👦 family

int main(void) {
  const char *greeting = "안녕하세요 🇰🇷";
  struct point p = { add(1, 2), 3 };
  printf("%s %d\n", greeting, p.x);
  return 0;
}
