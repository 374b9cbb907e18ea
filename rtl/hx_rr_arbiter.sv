// Round-robin arbiter: the winner is the first requester at or after a rotating pointer. The
// pointer moves past the winner only when the caller reports that the winner was served, so a
// requester that won but lost further on keeps its priority.
module hx_rr_arbiter #(
  /// Number of requesters.
  parameter int unsigned NumReq = 4,
  /// Bits of a requester index (derived).
  localparam int unsigned IdxWidth = NumReq > 1 ? $clog2(NumReq) : 1
) (
  /// Clock.
  input  logic                clk_i,
  /// Asynchronous reset, active low: the pointer then favours requester 0.
  input  logic                rst_ni,
  /// Requests, one bit per requester.
  input  logic [NumReq-1:0]   req_i,
  /// The winner of this cycle was served: the pointer moves past it at the next edge.
  input  logic                served_i,
  /// Some requester wins (any bit of req_i is set).
  output logic                valid_o,
  /// The winner; meaningful while valid_o is high.
  output logic [IdxWidth-1:0] idx_o
);

  logic [IdxWidth-1:0] ptr_d, ptr_q;
  logic                upper_found;
  logic [IdxWidth-1:0] upper_idx, lowest_idx;

  // The lowest requester at or after the pointer, else the lowest requester of all.
  always_comb begin
    upper_found = 1'b0;
    upper_idx   = '0;
    lowest_idx  = '0;
    for (int i = NumReq - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lowest_idx = IdxWidth'(i);
        if (IdxWidth'(i) >= ptr_q) begin
          upper_found = 1'b1;
          upper_idx   = IdxWidth'(i);
        end
      end
    end
  end

  assign valid_o = |req_i;
  assign idx_o   = upper_found ? upper_idx : lowest_idx;

  always_comb begin
    ptr_d = ptr_q;
    if (served_i && valid_o) begin
      ptr_d = (idx_o == IdxWidth'(NumReq - 1)) ? '0 : idx_o + IdxWidth'(1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

endmodule
