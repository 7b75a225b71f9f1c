#pragma once
// One function per reference study (shared/reference/studies): predicts every figure it
// reports and checks every conclusion it drew.

#include <filesystem>

#include "validation/validation.h"

namespace raidadv::validation {

StudyResult run_hauser_1996(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_ou_2007(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_miller(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_hardwaresecrets(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_md_raid5(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_mx200(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_clemtibs_zfs(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_zfs(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_p420i_cache(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_sata_ssds(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_louwrentius_ahci_hdds(const Catalog& catalog, const std::filesystem::path& dir);
StudyResult run_oberstet_md_nvme(const Catalog& catalog, const std::filesystem::path& dir);

}  // namespace raidadv::validation
