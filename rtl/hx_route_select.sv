// Route and VC selection for the head flit at the front of one input VC (minimal adaptive, as the
// TLM router): among the candidate output ports of its routing-table entry, and for each the
// output VCs of the packet's next class, the (port, VC) with the most downstream credits wins;
// ties go to the lower port, then the lower VC. The packet may go only when the winner has
// credits for all its flits (virtual cut-through).
module hx_route_select #(
  /// Ports of the router.
  parameter int unsigned NumPorts = 5,
  /// Virtual channels per port.
  parameter int unsigned NumVcs = 3,
  /// Deadlock classes; VC v belongs to class v / (NumVcs / NumClasses).
  parameter int unsigned NumClasses = 3,
  /// Bits of a downstream credit counter.
  parameter int unsigned CreditWidth = 8,
  /// Bits of the packet length field.
  parameter int unsigned LenWidth = 8,
  /// Bits of a port index (derived).
  localparam int unsigned PortWidth = NumPorts > 1 ? $clog2(NumPorts) : 1,
  /// Bits of a VC index (derived).
  localparam int unsigned VcWidth = NumVcs > 1 ? $clog2(NumVcs) : 1,
  /// Bits of a class index (derived).
  localparam int unsigned ClassWidth = NumClasses > 1 ? $clog2(NumClasses) : 1
) (
  /// The class of the input VC the packet waits in.
  input  logic [ClassWidth-1:0]                         in_class_i,
  /// Routing-table entry: the candidate output ports.
  input  logic [NumPorts-1:0]                           port_mask_i,
  /// Routing-table entry: per port, the packet moves on to the next class there.
  input  logic [NumPorts-1:0]                           next_class_mask_i,
  /// Downstream credits per output port and VC.
  input  logic [NumPorts-1:0][NumVcs-1:0][CreditWidth-1:0] credits_i,
  /// The packet's length in flits.
  input  logic [LenWidth-1:0]                           len_i,
  /// Some candidate exists.
  output logic                                          valid_o,
  /// The chosen output port; meaningful while valid_o is high.
  output logic [PortWidth-1:0]                          port_o,
  /// The chosen output VC; meaningful while valid_o is high.
  output logic [VcWidth-1:0]                            vc_o,
  /// The chosen output VC has credits for the whole packet.
  output logic                                          fits_o
);

  localparam int unsigned VcsPerClass = NumVcs / NumClasses;
  localparam int unsigned CmpWidth = CreditWidth > LenWidth ? CreditWidth : LenWidth;

  // Per port, the class the packet would have there; NumClasses or more: not a candidate.
  logic [NumPorts-1:0][ClassWidth:0] out_class;
  logic [CreditWidth-1:0]            best_credits;

  for (genvar q = 0; q < NumPorts; q++) begin : gen_out_class
    assign out_class[q] = {1'b0, in_class_i} + (ClassWidth + 1)'(next_class_mask_i[q]);
  end

  always_comb begin
    valid_o      = 1'b0;
    port_o       = '0;
    vc_o         = '0;
    best_credits = '0;
    for (int q = 0; q < NumPorts; q++) begin
      for (int v = 0; v < NumClasses * VcsPerClass; v++) begin
        if (port_mask_i[q] && out_class[q] == (ClassWidth + 1)'(v / VcsPerClass) &&
            (!valid_o || credits_i[q][v] > best_credits)) begin
          valid_o      = 1'b1;
          port_o       = PortWidth'(q);
          vc_o         = VcWidth'(v);
          best_credits = credits_i[q][v];
        end
      end
    end
    fits_o = valid_o && (CmpWidth'(best_credits) >= CmpWidth'(len_i));
  end

endmodule
