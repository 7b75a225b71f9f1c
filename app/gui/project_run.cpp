#include "project_run.h"
#include "issue_text.h"
#include "user_catalog.h"

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

/// Opens the catalog, or says why it cannot be opened (`error` set).
std::optional<raidadv::Catalog> openCatalog(const QString& catalogPath, QString& error) {
    QString dbPath = catalogPath;
    try {
        if (dbPath.isEmpty()) {
            dbPath = fromFsPath(raidadv::Catalog::default_path());
        }
        return openLayeredCatalog(dbPath);  // with the user catalog (user_catalog.h)
    } catch (const std::exception& e) {
        error = (dbPath.isEmpty() ? tr("catalog") : dbPath) + QStringLiteral(": ") +
                QString::fromStdString(e.what());
    } catch (...) {
        error = tr("unknown error");
    }
    return std::nullopt;
}

/// Loads (with `load`) and evaluates a project: the shared part of runProject and runProjectText.
/// The search options of `control`, or the defaults without one.
raidadv::advisor::SearchOptions searchOptions(const std::shared_ptr<SearchControl>& control) {
    return control ? control->options() : raidadv::advisor::SearchOptions{};
}

template <typename Load>
ProjectRun run(ProjectRun run, const QString& fileName, const QString& catalogPath,
               const std::shared_ptr<SearchControl>& control, Load load) {
    QString catalogError;
    std::optional<raidadv::Catalog> opened = openCatalog(catalogPath, catalogError);
    if (!opened) {
        return failure(std::move(run), tr("Cannot open the hardware catalog"), {catalogError});
    }
    run.catalog = std::make_shared<const raidadv::Catalog>(std::move(*opened));
    const raidadv::Catalog* catalog = run.catalog.get();

    raidadv::Project project;
    try {
        project = load(*catalog);
    } catch (const raidadv::ProjectError& e) {
        QStringList errors;
        for (const auto& issue : e.issues) {
            errors << userIssueText(issue, catalog);  // as the window names the field
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
        if (project.advisor) {
            run.request = project.advisor;
            run.advice =
                raidadv::advisor::recommend(*project.advisor, *catalog, searchOptions(control));
        }
    } catch (const std::exception& e) {
        return failure(std::move(run), tr("Evaluation of %1 failed").arg(fileName),
                       {QString::fromStdString(e.what())});
    } catch (...) {
        return failure(std::move(run), tr("Evaluation of %1 failed").arg(fileName), {});
    }
    return run;
}

}  // namespace

raidadv::advisor::SearchOptions SearchControl::options() {
    raidadv::advisor::SearchOptions options;
    options.progress = [this](double fraction) {
        permille.store(static_cast<int>(fraction * 1000.0));
        return !stop.load();
    };
    return options;
}

ProjectRun runProject(const QString& path, const QString& catalogPath,
                      std::shared_ptr<SearchControl> control) {
    ProjectRun result;
    result.path = path;
    return run(std::move(result), QFileInfo(path).fileName(), catalogPath, control,
               [&path](const raidadv::Catalog& catalog) {
                   return raidadv::load_project(toFsPath(path), catalog);
               });
}

ProjectRun runProjectText(const QByteArray& json, const QString& displayName,
                          const QString& catalogPath, std::shared_ptr<SearchControl> control) {
    return run(ProjectRun{}, displayName, catalogPath, control,
               [&json](const raidadv::Catalog& catalog) {
                   return raidadv::parse_project(json.toStdString(), catalog);
               });
}

AdviceRun runAdvice(const raidadv::advisor::Request& request, const QString& catalogPath,
                    std::shared_ptr<SearchControl> control) {
    AdviceRun result;
    result.request = request;
    QString catalogError;
    std::optional<raidadv::Catalog> catalog = openCatalog(catalogPath, catalogError);
    if (!catalog) {
        result.error = catalogError;
        return result;
    }
    try {
        result.advice = raidadv::advisor::recommend(request, *catalog, searchOptions(control));
    } catch (const std::exception& e) {
        result.error = QString::fromStdString(e.what());
    } catch (...) {
        result.error = tr("unknown error");
    }
    return result;
}

}  // namespace raidadv::gui
