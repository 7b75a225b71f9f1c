#include "raid_software_choice.h"

#include <QComboBox>
#include <QCoreApplication>
#include <algorithm>

namespace raidadv::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("RaidSoftwareChoice", text);
}

constexpr advisor::RaidSoftware kChoices[] = {
    advisor::RaidSoftware::Any, advisor::RaidSoftware::Hardware, advisor::RaidSoftware::Md,
    advisor::RaidSoftware::Zfs};

QString label(advisor::RaidSoftware software) {
    switch (software) {
        case advisor::RaidSoftware::Any:
            return tr("Any (the advisor compares them)");
        case advisor::RaidSoftware::Hardware:
            return tr("Hardware RAID card (the controller's own RAID)");
        case advisor::RaidSoftware::Md:
            return tr("Linux md (software RAID on plain drives)");
        case advisor::RaidSoftware::Zfs:
            return tr("ZFS (a pool of vdevs on plain drives)");
    }
    return {};
}

QString word(advisor::RaidSoftware software) {
    return QString::fromLatin1(advisor::to_string(software));
}

}  // namespace

void addRaidSoftwareItems(QComboBox* box) {
    for (advisor::RaidSoftware software : kChoices) {
        box->addItem(label(software), word(software));
    }
}

advisor::RaidSoftware raidSoftwareIn(const QComboBox* box) {
    const QString shown = box->currentData().toString();
    for (advisor::RaidSoftware software : kChoices) {
        if (shown == word(software)) {
            return software;
        }
    }
    return advisor::RaidSoftware::Any;
}

void selectRaidSoftware(QComboBox* box, advisor::RaidSoftware software) {
    box->setCurrentIndex(std::max(0, box->findData(word(software))));
}

}  // namespace raidadv::gui
