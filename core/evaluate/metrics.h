#pragma once
// Transitional: the metrics moved to core/system (system/metrics.h). Kept only so branches written
// before the move still build; include "system/metrics.h" instead. Remove once they are merged.
#include "system/metrics.h"
