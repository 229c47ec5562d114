#include <nettle/sha1.h>
#include <nettle/base64.h>
