// Separable input-first switch allocator: every input port picks one of its requesting VCs, then
// every output port picks one of the input ports whose pick wants it, both round robin. A pointer
// moves past its winner only when that winner is granted.
module hx_switch_alloc #(
  /// Ports of the router (inputs and outputs).
  parameter int unsigned NumPorts = 5,
  /// Virtual channels per input port.
  parameter int unsigned NumVcs = 3,
  /// Bits of a port index (derived).
  localparam int unsigned PortWidth = NumPorts > 1 ? $clog2(NumPorts) : 1,
  /// Bits of a VC index (derived).
  localparam int unsigned VcWidth = NumVcs > 1 ? $clog2(NumVcs) : 1
) (
  /// Clock.
  input  logic                                       clk_i,
  /// Asynchronous reset, active low: all pointers favour index 0.
  input  logic                                       rst_ni,
  /// Per input port and VC: the VC requests the switch.
  input  logic [NumPorts-1:0][NumVcs-1:0]            req_i,
  /// Per input port and VC: the output port it requests.
  input  logic [NumPorts-1:0][NumVcs-1:0][PortWidth-1:0] req_port_i,
  /// Per input port: one of its VCs is granted.
  output logic [NumPorts-1:0]                        gnt_o,
  /// Per input port: the granted VC; meaningful while gnt_o is high.
  output logic [NumPorts-1:0][VcWidth-1:0]           gnt_vc_o
);

  logic [NumPorts-1:0]                pick_valid;
  logic [NumPorts-1:0][PortWidth-1:0] pick_port;
  logic [NumPorts-1:0][NumPorts-1:0]  want;        // [output][input]
  logic [NumPorts-1:0]                out_valid;
  logic [NumPorts-1:0][PortWidth-1:0] out_winner;  // per output: the input port granted

  for (genvar p = 0; p < NumPorts; p++) begin : gen_input
    hx_rr_arbiter #(
      .NumReq(NumVcs)
    ) u_vc_arbiter (
      .clk_i,
      .rst_ni,
      .req_i    (req_i[p]),
      .served_i (gnt_o[p]),
      .valid_o  (pick_valid[p]),
      .idx_o    (gnt_vc_o[p])
    );
    assign pick_port[p] = req_port_i[p][gnt_vc_o[p]];
  end

  for (genvar q = 0; q < NumPorts; q++) begin : gen_output
    for (genvar p = 0; p < NumPorts; p++) begin : gen_want
      assign want[q][p] = pick_valid[p] && (pick_port[p] == PortWidth'(q));
    end
    hx_rr_arbiter #(
      .NumReq(NumPorts)
    ) u_port_arbiter (
      .clk_i,
      .rst_ni,
      .req_i    (want[q]),
      .served_i (1'b1),
      .valid_o  (out_valid[q]),
      .idx_o    (out_winner[q])
    );
  end

  always_comb begin
    gnt_o = '0;
    for (int p = 0; p < NumPorts; p++) begin
      for (int q = 0; q < NumPorts; q++) begin
        if (out_valid[q] && out_winner[q] == PortWidth'(p)) begin
          gnt_o[p] = 1'b1;
        end
      end
    end
  end

endmodule
