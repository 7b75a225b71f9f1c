#include "project_run.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <exception>
#include <filesystem>
#include <optional>

#include "catalog/catalog.h"
#include "evaluate/evaluator.h"
#include "project/project.h"

namespace raidadv::gui {

namespace {

std::filesystem::path toFsPath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

QString fromFsPath(const std::filesystem::path& path) {
    return QFile::decodeName(QByteArray::fromStdString(path.string()));
}

QString tr(const char* text) {
    return QCoreApplication::translate("ProjectRun", text);
}

ProjectRun failure(ProjectRun run, const QString& title, QStringList errors) {
    run.errorTitle = title;
    run.errors = errors.isEmpty() ? QStringList{tr("unknown error")} : std::move(errors);
    run.evaluations.clear();
    return run;
}

}  // namespace

ProjectRun runProject(const QString& path, const QString& catalogPath) {
    ProjectRun run;
    run.path = path;
    const QString fileName = QFileInfo(path).fileName();

    std::optional<raidadv::Catalog> catalog;
    QString dbPath = catalogPath;
    try {
        if (dbPath.isEmpty()) {
            dbPath = fromFsPath(raidadv::Catalog::default_path());
        }
        catalog.emplace(raidadv::Catalog::open(toFsPath(dbPath)));
    } catch (const std::exception& e) {
        return failure(std::move(run), tr("Cannot open the hardware catalog"),
                       {(dbPath.isEmpty() ? tr("catalog") : dbPath) + QStringLiteral(": ") +
                        QString::fromStdString(e.what())});
    } catch (...) {
        return failure(std::move(run), tr("Cannot open the hardware catalog"), {});
    }

    raidadv::Project project;
    try {
        project = raidadv::load_project(toFsPath(path), *catalog);
    } catch (const raidadv::ProjectError& e) {
        QStringList errors;
        for (const auto& issue : e.issues) {
            errors << QString::fromStdString(issue.path.empty() ? issue.message
                                                                : issue.to_string());
        }
        if (errors.isEmpty()) {
            errors << QString::fromStdString(e.what());
        }
        return failure(std::move(run), tr("Cannot load project %1").arg(fileName), errors);
    } catch (const std::exception& e) {
        return failure(std::move(run), tr("Cannot load project %1").arg(fileName),
                       {QString::fromStdString(e.what())});
    } catch (...) {
        return failure(std::move(run), tr("Cannot load project %1").arg(fileName), {});
    }

    run.projectName = QString::fromStdString(project.name);
    try {
        run.evaluations.reserve(project.systems.size() * project.workloads.size());
        for (const auto& system : project.systems) {
            for (const auto& workload : project.workloads) {
                auto evaluation = raidadv::evaluate(system, workload);
                if (evaluation.system.empty()) {
                    evaluation.system = system.name;
                }
                if (evaluation.workload.empty()) {
                    evaluation.workload = workload.name;
                }
                run.evaluations.push_back(std::move(evaluation));
            }
        }
    } catch (const std::exception& e) {
        return failure(std::move(run), tr("Evaluation of %1 failed").arg(fileName),
                       {QString::fromStdString(e.what())});
    } catch (...) {
        return failure(std::move(run), tr("Evaluation of %1 failed").arg(fileName), {});
    }
    return run;
}

}  // namespace raidadv::gui
