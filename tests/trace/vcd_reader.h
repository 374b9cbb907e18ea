// A small VCD reader for the tests: scopes, variables, the $dumpvars values and the value changes
// of a file as hxsim writes it (and as IEEE 1364 allows: scalar 0/1/x/z, vectors b... and x/z
// bits). It also checks what a viewer relies on: a header with $timescale, unique identifiers,
// time stamps that only increase, changes only of declared variables, values that fit their width.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace hxsim::test {

struct vcd_change {
    std::uint64_t time;
    bool known;           // false: x (or z) somewhere in the value
    std::uint64_t value;  // when known
};

struct vcd_variable {
    std::string name;  // full dotted name: scope path + variable name
    unsigned width = 0;
    std::vector<vcd_change> changes;  // the $dumpvars value first, then every change in time order

    /// The value at time `t` (the last change at or before it); empty if x or before the dump.
    std::optional<std::uint64_t> at(std::uint64_t t) const
    {
        std::optional<std::uint64_t> v;
        for (const vcd_change& c : changes) {
            if (c.time > t)
                break;
            v = c.known ? std::optional<std::uint64_t>(c.value) : std::nullopt;
        }
        return v;
    }
    /// The known values it takes, in order, with their times (including the initial one).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> known_changes() const
    {
        std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
        for (const vcd_change& c : changes)
            if (c.known)
                out.emplace_back(c.time, c.value);
        return out;
    }
};

struct vcd_file {
    std::string error;  // the first problem found; empty when the file is well formed
    std::string timescale;
    std::string first_keyword;  // what the file starts with ("$version", ...)
    std::vector<std::string> scopes;  // every scope's full dotted name, in order
    std::map<std::string, vcd_variable> vars;
    std::vector<std::uint64_t> times;  // every time stamp, in order (the $dumpvars one first)
    bool has_dumpvars = false;

    const vcd_variable* find(const std::string& name) const
    {
        const auto it = vars.find(name);
        return it == vars.end() ? nullptr : &it->second;
    }
};

inline vcd_file parse_vcd(std::istream& in)
{
    vcd_file file;
    std::map<std::string, std::vector<std::string>> names;  // identifier -> full names
    std::vector<std::string> scope;
    const auto fail = [&](const std::string& what) {
        if (file.error.empty())
            file.error = what;
    };
    const auto joined = [&](const std::string& last) {
        std::string s;
        for (const std::string& part : scope)
            s += part + ".";
        return s + last;
    };
    const auto until_end = [&](std::vector<std::string>* words) {
        std::string w;
        while (in >> w) {
            if (w == "$end")
                return true;
            if (words)
                words->push_back(w);
        }
        fail("a section is missing its $end");
        return false;
    };
    bool definitions_done = false;
    bool have_time = false;
    std::uint64_t now = 0;
    const auto change = [&](const std::string& id, const std::string& value, bool vector) {
        const auto it = names.find(id);
        if (it == names.end()) {
            fail("change of undeclared identifier '" + id + "'");
            return;
        }
        if (!have_time) {
            fail("value change before the first time stamp");
            return;
        }
        for (const std::string& full : it->second) {
            vcd_variable& var = file.vars[full];
            vcd_change c{now, true, 0};
            if (value.size() > var.width)
                fail(var.name + ": value " + value + " wider than " + std::to_string(var.width) + " bits");
            if (!vector && var.width != 1)
                fail(var.name + ": scalar change of a " + std::to_string(var.width) + "-bit variable");
            for (char ch : value) {
                if (ch == '0' || ch == '1')
                    c.value = c.value << 1 | static_cast<std::uint64_t>(ch - '0');
                else if (ch == 'x' || ch == 'X' || ch == 'z' || ch == 'Z')
                    c.known = false;
                else
                    fail(var.name + ": bad value '" + value + "'");
            }
            var.changes.push_back(c);
        }
    };

    std::string word;
    while (in >> word) {
        if (file.first_keyword.empty())
            file.first_keyword = word;
        if (!definitions_done) {
            std::vector<std::string> words;
            if (word == "$version" || word == "$date" || word == "$comment") {
                until_end(nullptr);
            } else if (word == "$timescale") {
                until_end(&words);
                for (const std::string& w : words)
                    file.timescale += w;
            } else if (word == "$scope") {
                until_end(&words);
                if (words.size() != 2)
                    fail("$scope needs a kind and a name");
                else {
                    scope.push_back(words[1]);
                    file.scopes.push_back(joined("").substr(0, joined("").size() - 1));
                }
            } else if (word == "$upscope") {
                until_end(nullptr);
                if (scope.empty())
                    fail("$upscope without $scope");
                else
                    scope.pop_back();
            } else if (word == "$var") {
                until_end(&words);
                if (words.size() < 4) {
                    fail("$var needs type, width, identifier and name");
                    continue;
                }
                const std::string full = joined(words[3]);
                // One identifier may name several variables (aliases: IEEE 1364, used by Verilator).
                if (file.vars.count(full))
                    fail("variable " + full + " declared twice");
                names[words[2]].push_back(full);
                vcd_variable& v = file.vars[full];
                v.name = full;
                v.width = static_cast<unsigned>(std::stoul(words[1]));
            } else if (word == "$enddefinitions") {
                until_end(nullptr);
                definitions_done = true;
                if (!scope.empty())
                    fail("scopes left open at $enddefinitions");
                if (file.timescale.empty())
                    fail("no $timescale");
            } else {
                fail("unexpected '" + word + "' in the header");
            }
            continue;
        }
        if (word[0] == '#') {
            const std::uint64_t t = std::stoull(word.substr(1));
            if (have_time && t <= now)
                fail("time stamp #" + word.substr(1) + " does not increase");
            now = t;
            have_time = true;
            file.times.push_back(t);
        } else if (word == "$dumpvars") {
            file.has_dumpvars = true;
        } else if (word == "$end" || word == "$dumpon" || word == "$dumpoff" || word == "$dumpall") {
        } else if (word == "$comment") {
            until_end(nullptr);
        } else if (word[0] == 'b' || word[0] == 'B') {
            std::string id;
            if (!(in >> id))
                fail("vector value without identifier");
            else
                change(id, word.substr(1), true);
        } else if (word[0] == '0' || word[0] == '1' || word[0] == 'x' || word[0] == 'X' || word[0] == 'z' ||
                   word[0] == 'Z') {
            change(word.substr(1), word.substr(0, 1), false);
        } else {
            fail("unexpected '" + word + "'");
        }
    }
    if (!definitions_done)
        fail("no $enddefinitions");
    for (const auto& [name, var] : file.vars)
        if (var.changes.empty())
            fail(name + " has no initial value");
    return file;
}

inline vcd_file read_vcd(const std::string& path)
{
    std::ifstream in(path);
    if (!in) {
        vcd_file f;
        f.error = "cannot open " + path;
        return f;
    }
    return parse_vcd(in);
}

}  // namespace hxsim::test
