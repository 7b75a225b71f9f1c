#pragma once
// Transitional: System moved to core/system (system/system.h). Kept only so branches written
// before the move still build; include "system/system.h" instead. Remove once they are merged.
#include "system/system.h"
