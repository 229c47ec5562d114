#include <editorconfig/editorconfig.h>
