// What an accelerator hands its NIC and gets back: a TLM-2.0 generic payload write whose address
// is the peer accelerator (the destination when sending, the source on delivery), whose length is
// the message size, and whose data pointer holds the bytes, or is null for bulk traffic whose
// content is derived from a seed (so a run moving terabytes stores none of them).
#pragma once

#include <cstdint>
#include <tlm>

namespace hxsim {

struct message_extension : tlm::tlm_extension<message_extension> {
    std::uint64_t id = 0;        ///< chosen by the sender, unique over the run
    std::uint64_t seed = 0;      ///< content of a message without data pointer
    std::uint64_t checksum = 0;  ///< on delivery: the checksum of the bytes that arrived
    std::uint64_t sequence = 0;  ///< on delivery: order among messages of the same source

    tlm::tlm_extension_base* clone() const override { return new message_extension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override
    {
        *this = static_cast<const message_extension&>(other);
    }
};

/// Checksum of bytes [offset, offset+length) of the message content derived from `seed`. It is a
/// sum over bytes, so the checksums of the packets of a message add up to that of the whole.
std::uint64_t seeded_checksum(std::uint64_t seed, std::uint64_t offset, std::uint64_t length);

/// Checksum of real bytes that sit at `offset` in their message, with the same additive property.
std::uint64_t bytes_checksum(const std::uint8_t* data, std::uint64_t offset, std::uint64_t length);

}  // namespace hxsim
